// Indonesian texts of accounts: login, registration, session, settings, referral. Texts quoted by the
// spec (000 §5, §8; 001 §5, §8; spec README §3) are verbatim; the few the spec leaves unnamed (an
// over-long password, the agreement's API message, …) follow the wording of their neighbours.

/** The example address in the e-mail format message ('tulis sesuai format, contoh: {email}'). */
export const EMAIL_EXAMPLE = 'nama@gmail.com';

export const validation = {
  required: 'Data tidak boleh kosong',
  checkAgain: 'Silahkan cek kembali!',
  invalidType: 'Format data tidak valid.',
  username: {
    chars: 'Username hanya boleh berisi huruf kecil dan angka',
    max: 'maksimal 12 digit',
    min: 'Username minimal 6 digit',
    notOnlyDigits: 'Username harus berisi kombinasi huruf dan angka',
    taken: 'Username telah digunakan',
  },
  password: {
    min: 'Kata Sandi minimal 6 digit',
    max: 'Kata Sandi maksimal 12 digit',
    noSpaces: 'Kata Sandi tidak boleh mengandung spasi',
    mismatch: 'Password tidak cocok',
  },
  phone: {
    digits: 'Nomor HP hanya boleh berisi angka',
    prefix: 'Nomor HP harus diawali dengan angka 08',
    min: 'Nomor HP minimal 9 digit',
    max: 'Nomor HP maksimal 15 digit',
  },
  email: {
    format: (example: string = EMAIL_EXAMPLE) => `tulis sesuai format, contoh: ${example}`,
    max: 'Email maksimal 50 karakter',
  },
  birthDate: {
    invalid: 'Tanggal lahir tidak valid',
    underage: 'Usia minimal 18 tahun',
  },
  referral: {
    max: 'Referral maksimal 12 digit',
    notFound: 'Referral tidak ditemukan',
  },
  agree: 'Anda wajib menyetujui peraturan',
} as const;

export const loginText = {
  title: 'Login',
  description: 'Masuk ke akun Gelora Anda.',
  heading: 'LOGIN',
  username: 'Username',
  password: 'Password',
  showPassword: 'Tampilkan password',
  hidePassword: 'Sembunyikan password',
  submit: 'LOGIN',
  submitting: 'Memproses…',
  forgot: 'Lupa Password?',
  forgotAnswer: 'Silahkan hubungi Admin',
  ok: 'OK',
  register: 'DAFTAR',
  noAccount: 'Belum punya akun?',
  emptyBoth: 'Silahkan isi username dan password',
  emptyUsername: 'Silahkan isi username',
  emptyPassword: 'Silahkan isi password',
  failed: 'Username atau Password Salah',
  error: 'Terjadi kesalahan saat login',
  rateLimited: (minutes: number) =>
    `Terlalu banyak percobaan login. Silahkan coba lagi dalam ${minutes} menit.`,
  webviewTitle: 'Login Aplikasi',
} as const;

export const registerText = {
  title: 'Daftar',
  description: 'Daftar akun Gelora gratis: permainan dengan Koin tanpa nilai uang segera hadir. Khusus 18 tahun ke atas.',
  heading: 'DAFTAR',
  section: 'INFO AKUN',
  username: 'Username',
  password: 'Password',
  passwordConfirm: 'Ulangi Password',
  phone: 'Nomor HP',
  email: 'Email',
  referral: 'Referral',
  birthDate: 'Tanggal Lahir',
  agreeBefore: 'Saya berusia minimal 18 tahun dan menyetujui ',
  /** A member registering someone else (/referral/{code}): the age is the new member's. */
  downlineAgreeBefore: 'Orang yang saya daftarkan berusia minimal 18 tahun dan menyetujui ',
  agreeLink: 'peraturan',
  agreeAfter: ' yang berlaku.',
  submit: 'DAFTAR',
  submitting: 'Memproses…',
  hasAccount: 'Sudah punya akun?',
  login: 'LOGIN',
  successTitle: 'Pendaftaran Berhasil',
  success: (username: string) => `Selamat! Akun ${username} berhasil didaftarkan.`,
  downlineSuccess: (username: string) => `Akun ${username} berhasil didaftarkan sebagai referral Anda.`,
  ok: 'OK',
  referralMissingTitle: 'Opps!',
  failed: 'Pendaftaran gagal. Silahkan coba lagi.',
  rateLimited: (minutes: number) => `Terlalu banyak pendaftaran dari jaringan Anda. Silahkan coba lagi dalam ${minutes} menit.`,
  backToReferral: 'Kembali ke Referral',
  downlineTitle: 'Daftar Referral',
  downlineForeign: 'Kode referral ini bukan milik Anda. Daftarkan referral dengan kode Anda sendiri dari halaman Referral.',
  downlineUnknown: 'Referral tidak ditemukan. Daftarkan referral dengan kode Anda sendiri dari halaman Referral.',
} as const;

export const sessionText = {
  tokenExpired: 'Token expired',
  /** On the login page after a session ended without a logout (000 §4: a refresh 401 gives 'Token expired'). */
  ended: 'Sesi Anda telah berakhir (Token expired). Silahkan login kembali.',
  logout: 'Keluar',
  rateLimitedGeneric: (minutes: number) => `Terlalu banyak percobaan. Silahkan coba lagi dalam ${minutes} menit.`,
} as const;

export const lobbyText = {
  title: 'Lobby',
  greeting: (username: string) => `Selamat bermain ${username}`,
  shortcuts: 'Pintasan',
  loading: 'Memuat…',
  setting: 'Pengaturan',
  referral: 'Referral',
  lobby: 'Lobby',
  banners: 'Banner',
  /** A banner the back office gave no alt text: its place in the carousel names it. */
  bannerAlt: (n: number, of: number) => `Banner ${n} dari ${of}`,
} as const;

/** /withdraw (spec README §1): Koin cannot be withdrawn, so the route explains that and nothing more. */
export const withdrawText = {
  title: 'Penarikan',
  heading: 'Penarikan tidak tersedia',
  text: 'Koin adalah kredit permainan gratis tanpa nilai uang, sehingga tidak dapat ditarik, dicairkan, atau ditukar dengan uang maupun hadiah. Karena itu Gelora tidak menyediakan fitur penarikan dan tidak pernah meminta data rekening bank.',
  back: 'Kembali ke Lobby',
} as const;

export const settingText = {
  title: 'Pengaturan',
  heading: 'Ubah Password',
  oldPassword: 'Password Lama',
  check: 'Cek Password',
  checking: 'Memeriksa…',
  confirmFirst: 'Silahkan konfirmasi password lama Anda terlebih dahulu.',
  correct: 'Password Benar',
  wrong: 'Password Salah',
  newPassword: 'Password Baru',
  newPasswordConfirm: 'Ulangi Password Baru',
  mismatch: 'Password baru dan konfirmasi password tidak cocok.',
  sameAsOld: 'Password baru tidak boleh sama dengan password lama.',
  submit: 'Ubah Password',
  // The spec's own spelling (001, messages), unlike 'Silahkan' elsewhere.
  failed: 'Gagal mengubah password. Silakan coba lagi.',
  checkFailed: 'Password lama tidak dapat diperiksa. Silahkan coba lagi.',
  success: 'Password berhasil diubah.',
  /** After the spec's success text: the change ends every other session of the member (docs/accounts.md). */
  othersSignedOut: 'Login di perangkat lain telah diakhiri.',
  activityHeading: 'Aktivitas Akun',
  activityKind: 'Jenis',
  activityIp: 'Alamat IP',
  activityTime: 'Waktu',
  activityEmpty: 'Data belum tersedia.',
  activityLoading: 'Memuat…',
  activityFailed: 'Data tidak dapat dimuat. Silahkan coba lagi.',
  previous: 'Sebelumnya',
  next: 'Berikutnya',
  page: (page: number, pages: number) => `Halaman ${page} dari ${pages}`,
} as const;

export const referralText = {
  title: 'Referral',
  heading: 'Referral',
  code: 'Kode Referral',
  link: 'Link Pendaftaran',
  register: 'Daftarkan Referral',
  copy: 'Salin Link',
  copied: 'Link disalin',
  copyManually: 'Tekan lama link di atas untuk menyalin.',
  intro: 'Bagikan link berikut. Teman yang mendaftar lewat link ini tercatat sebagai referral Anda.',
  notFound: 'Referral tidak ditemukan',
} as const;

/** Contact shortcuts on the login screen (000 §2); an inactive one opens the '{channel} tidak aktif' dialog. */
export const contactText = {
  heading: 'Hubungi Kami',
} as const;
