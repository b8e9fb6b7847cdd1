// Indonesian texts of the JSON API's generic errors.
export const apiMessages = {
  badRequest: 'Permintaan tidak valid.',
  invalidJson: 'Format data tidak valid.',
  notFound: 'Data tidak ditemukan.',
  methodNotAllowed: 'Metode tidak diizinkan.',
  tooLarge: 'Data yang dikirim terlalu besar.',
  /** An address or header block beyond what the server reads (HTTP 431). */
  headersTooLarge: 'Alamat atau header permintaan terlalu panjang.',
  timeout: 'Permintaan terlalu lama. Silahkan coba lagi.',
  unsupportedMediaType: 'Jenis data tidak didukung.',
  tooManyRequests: 'Terlalu banyak permintaan. Silahkan coba beberapa saat lagi.',
  unauthorized: 'Silahkan login terlebih dahulu.',
  forbidden: 'Anda tidak memiliki akses.',
  /** A write whose Origin is not this site (a cross-site form, a sibling subdomain). */
  badOrigin: 'Permintaan ditolak: asal permintaan tidak sah.',
  serverError: 'Terjadi kesalahan pada server. Silahkan coba lagi.',
  /** A database statement took too long (HTTP 503, PostgreSQL's statement_timeout). */
  busy: 'Server sedang sibuk. Silahkan coba lagi sebentar lagi.',
  /** A path id or page number that is not plain digits in range ('0x1', '1e3', '-1'). */
  invalidId: 'Nomor data tidak valid.',
  invalidPage: 'Nomor halaman tidak valid.',
  /** A NUL character (U+0000) in any text: the database cannot store it. */
  invalidCharacter: 'Teks berisi karakter yang tidak diizinkan.',
  /** An HTTP/1.1 request without a Host header (RFC 9112 asks for 400). */
  missingHost: 'Permintaan tanpa header Host tidak dapat dilayani.',
  duplicateHost: 'Permintaan dengan lebih dari satu header Host tidak dapat dilayani.',
  /** An Expect header other than 100-continue (HTTP 417). */
  expectationFailed: 'Header Expect tidak didukung.',
} as const;
