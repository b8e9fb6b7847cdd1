// Indonesian texts of the JSON API's generic errors.
export const apiMessages = {
  badRequest: 'Permintaan tidak valid.',
  invalidJson: 'Format data tidak valid.',
  notFound: 'Data tidak ditemukan.',
  methodNotAllowed: 'Metode tidak diizinkan.',
  tooLarge: 'Data yang dikirim terlalu besar.',
  unsupportedMediaType: 'Jenis data tidak didukung.',
  tooManyRequests: 'Terlalu banyak permintaan. Silahkan coba beberapa saat lagi.',
  unauthorized: 'Silahkan login terlebih dahulu.',
  forbidden: 'Anda tidak memiliki akses.',
  serverError: 'Terjadi kesalahan pada server. Silahkan coba lagi.',
} as const;
