// Public content: promotions, contact channels, live chat, app download, alternative links.
// Spec texts verbatim (000 §8, 001 §8), including 'Download link not available' which the spec keeps in English.

export const promo = {
  title: 'Promosi',
  description: 'Promosi dan acara terbaru.',
  empty: 'Promo Belum Ada',
  homeHeading: 'Promosi',
  seeAll: 'Lihat semua promosi',
  imageAlt: (title: string) => `Gambar promosi ${title}`,
} as const;

export const contact = {
  title: 'Kontak',
  description: 'Saluran kontak resmi admin.',
  intro: 'Hubungi admin melalui salah satu saluran resmi berikut.',
  shortcutsLabel: 'Kontak admin',
  /** Dialog for a switched-off channel (000 §8): title and text. */
  inactiveTitle: (label: string) => `${label} tidak aktif`,
  inactiveText: (channel: string) => `Silahkan Hubungi admin melalui ${channel}.`,
  /** Joins the alternatives a visitor can use instead: "Live Chat atau Telegram". */
  or: 'atau',
  /** When no channel is active at all, the text still names one. */
  fallbackChannel: 'Live Chat',
  ok: 'OK',
  info: 'Informasi',
  empty: 'Belum ada saluran kontak.',
} as const;

export const liveChat = {
  open: 'Live Chat',
  loading: 'Memuat live chat…',
  unavailable: 'Opps, Livechat sedang gangguan, silahkan hubungi kami melalui WhatsApp atau Telegram!',
} as const;

export const appDownload = {
  heading: 'Unduh Aplikasi',
  text: 'Pasang aplikasi untuk akses lebih cepat dari ponsel Anda.',
  button: 'Unduh Aplikasi',
  none: 'Download link not available',
} as const;

export const altLinks = {
  heading: 'Link Alternatif',
  text: 'Jika situs utama sulit diakses, gunakan salah satu alamat resmi berikut.',
  empty: 'Belum ada link alternatif.',
} as const;

export const homeLogin = {
  heading: 'Masuk ke akun Anda',
  text: 'Masuk ke akun Anda, atau daftar jika belum punya akun. Permainan dengan Koin gratis segera hadir.',
} as const;
