export const nav = {
  home: 'Beranda',
  promosi: 'Promosi',
  klasemen: 'Klasemen',
  liveScore: 'Live Score',
  keluhan: 'Keluhan',
  login: 'Masuk',
  register: 'Daftar',
  menu: 'Menu',
} as const;

export const shell = {
  flagAlt: 'Bendera Indonesia',
  logoAlt: (siteName: string) => `Logo ${siteName}`,
  skipToContent: 'Langsung ke konten',
  needsScript: 'Formulir ini memerlukan JavaScript. Aktifkan JavaScript di browser Anda, lalu muat ulang halaman.',
  freeToPlay: 'Koin adalah kredit permainan tanpa nilai uang: tidak dapat dibeli, dijual, ditransfer, atau ditarik.',
  footerLinks: {
    aboutus: 'Tentang Kami',
    hubungi: 'Hubungi Kami',
    peraturan: 'Peraturan',
  },
  footerAge: 'Khusus 18 tahun ke atas. Bermain secukupnya.',
  copyright: (siteName: string, year: number) => `© ${year} ${siteName}. Situs hiburan tanpa uang sungguhan.`,
} as const;

/**
 * The switch of a carousel that turns by itself (WCAG 2.2.2). Its name says what a press does and
 * changes with it (the ARIA carousel pattern's label switch, so no aria-pressed besides).
 */
export const carousel = {
  pause: 'Jeda putaran otomatis',
  play: 'Lanjutkan putaran otomatis',
} as const;

/** The running text under the header (RunningText.astro) and its stop switch (WCAG 2.2.2). */
export const runningText = {
  label: 'Pengumuman',
  stop: 'Hentikan teks berjalan',
} as const;

/** Said once per form whose required fields carry the asterisk (global.css .required-note). */
export const forms = {
  requiredNote: 'Kolom bertanda * wajib diisi.',
} as const;

export const cookie = {
  text: 'Kami memakai cookie dan penyimpanan lokal agar situs berfungsi dan mengingat pilihan Anda.',
  accept: 'Terima',
  reject: 'Tolak',
  label: 'Persetujuan cookie',
} as const;

export const notFound = {
  title: 'Halaman tidak ditemukan',
  code: '404',
  text: 'Maaf, halaman yang Anda cari tidak ada atau sudah dipindahkan.',
  register: 'Daftar',
  login: 'Login',
  home: 'Kembali ke Beranda',
  lobby: 'Kembali ke Lobby',
} as const;

export const badPageUrl = {
  title: 'Alamat tidak valid',
  code: '400',
  text: 'Maaf, alamat halaman ini tidak dapat dibaca. Periksa kembali tautannya.',
  home: 'Kembali ke Beranda',
  lobby: 'Kembali ke Lobby',
} as const;

export const serverError = {
  title: 'Terjadi kesalahan',
  text: 'Maaf, terjadi kesalahan pada server. Silahkan coba beberapa saat lagi.',
  home: 'Kembali ke Beranda',
} as const;

export const busy = {
  title: 'Server sedang sibuk',
  code: '503',
  text: 'Server sedang sibuk. Silahkan coba lagi sebentar lagi.',
  retry: 'Coba lagi',
} as const;

export const offline = {
  title: 'Tidak ada koneksi',
  text: 'Anda sedang offline. Periksa koneksi internet Anda, lalu coba lagi.',
  retry: 'Coba lagi',
} as const;

export const maintenance = {
  title: 'Pemeliharaan',
  text: 'Saat ini sedang dalam Pemeliharaan. Silahkan hubungi Admin',
  back: 'Coba lagi nanti',
} as const;

export const home = {
  title: 'Beranda',
  description: 'Skor langsung, klasemen, dan prediksi sepak bola. Permainan gratis dengan Koin tanpa nilai uang segera hadir.',
  welcome: (siteName: string) => `Selamat datang di ${siteName}`,
  intro:
    'Pusat sepak bola berbahasa Indonesia: skor langsung, klasemen, jadwal, dan prediksi. Permainan dengan Koin gratis yang tidak bernilai uang segera hadir untuk anggota.',
  article: 'Artikel',
  readMore: 'Baca selengkapnya',
  readLess: 'Tutup',
} as const;

export const about = {
  title: 'Tentang Kami',
  description: 'Tentang Gelora, pusat informasi sepak bola dan permainan gratis.',
  paragraphs: (siteName: string) => [
    `${siteName} adalah situs sepak bola berbahasa Indonesia. Pengunjung dapat melihat skor langsung, klasemen liga, halaman pertandingan, rekor pertemuan, dan prediksi yang jujur.`,
    `Anggota ${siteName} mendapat Lobby sendiri; permainan dengan Koin, yaitu kredit permainan gratis, segera hadir di sana. Koin tidak dapat dibeli, dijual, dipindahkan ke anggota lain, atau ditukar dengan uang. Tidak ada deposit uang, tidak ada penarikan, dan kami tidak pernah meminta data rekening bank.`,
    'Data sepak bola berasal dari data terbuka atau dari penyedia data apifootball.com. Setiap prediksi menyebutkan sumbernya, model statistik Gelora atau penyedia data, dan bukan jaminan hasil.',
  ],
} as const;

export const contactPage = {
  title: 'Hubungi Kami',
  kontakLink: 'Buka halaman Kontak',
  description: 'Cara menghubungi admin Gelora.',
  paragraphs: [
    'Ada pertanyaan, saran, atau keluhan? Admin kami siap membantu.',
    'Tekan Keluhan di menu atas untuk membuka live chat, atau gunakan saluran kontak di halaman Kontak. Sertakan username Anda (jangan pernah mengirim password) agar kami dapat membantu lebih cepat.',
    'Kami tidak pernah meminta transfer uang, nomor rekening, atau kode OTP. Abaikan siapa pun yang mengaku admin dan meminta hal tersebut.',
  ],
} as const;

export const rules = {
  title: 'Peraturan',
  description: 'Peraturan dan ketentuan bermain di Gelora.',
  intro: 'Dengan mendaftar dan bermain, Anda menyetujui peraturan berikut:',
  items: [
    'Usia minimal 18 tahun. Pendaftar di bawah 18 tahun akan ditolak dan akun yang terbukti milik anak di bawah umur akan ditutup.',
    'Koin adalah kredit permainan gratis tanpa nilai uang. Koin tidak dapat dibeli, dijual, dipindahkan ke anggota lain, atau ditukar dengan uang maupun hadiah.',
    'Koin gratis dibagikan sesuai jatah harian lewat Isi Saldo (segera hadir). Tidak ada pembayaran dalam bentuk apa pun untuk mendapatkan Koin.',
    'Satu orang hanya boleh memiliki satu akun. Akun ganda, akun bersama, atau akun atas nama orang lain dapat dibekukan.',
    'Jaga kerahasiaan password Anda. Admin tidak akan pernah menanyakan password, kode OTP, atau data rekening bank.',
    'Setiap putaran dan taruhan bersifat independen. Hasil sebelumnya tidak memengaruhi dan tidak dapat meramalkan hasil berikutnya.',
    'Dilarang memakai program otomatis, celah sistem, atau kecurangan lain. Pelanggaran dapat berakibat pembatalan taruhan dan pemblokiran akun.',
    'Prediksi dan statistik pertandingan hanya informasi, bukan jaminan hasil.',
    'Bermainlah secukupnya dan beristirahatlah bila perlu. Fitur batas waktu bermain dan penutupan akun atas permintaan sendiri segera hadir.',
  ],
} as const;
