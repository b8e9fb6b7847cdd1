// Demo content for a fresh database, so a first start shows a complete home page. It promises only
// what the site does: a feature still to come (Isi Saldo, games) is said to be 'segera hadir'. Promotions,
// banners and alternative links are added only together with the first settings row (a fresh
// database): an admin who deletes a demo promotion does not get it back at the next start.
// Contact channels are structural (fixed spec ids): a missing one is always added, switched off
// unless listed active below.
import type { Db } from '../db/client.ts';
import { altLinks, banners, contactChannels, promotions } from '../db/schema/index.ts';

export const DEMO_PROMOTIONS = [
  {
    slot: 1,
    imageUrl: '/promo/promo-1.svg',
    title: 'Bonus Koin Harian',
    descriptionHtml:
      '<p>Segera hadir: klaim <strong>Koin gratis</strong> setiap hari lewat menu Isi Saldo. Koin adalah kredit permainan tanpa nilai uang: tidak dapat dibeli, dijual, atau ditarik.</p><ul><li>Jatah harian untuk setiap anggota</li><li>Berlaku untuk semua anggota</li></ul>',
  },
  {
    slot: 2,
    imageUrl: '/promo/promo-2.svg',
    title: 'Tebak Skor Akhir Pekan',
    descriptionHtml:
      '<p>Ikuti pertandingan liga top Eropa setiap akhir pekan lewat Live Score dan Prediksi. Tebakan dengan Koin segera hadir. Tidak ada hadiah uang; yang dipertaruhkan hanya kebanggaan.</p>',
  },
  {
    slot: 3,
    imageUrl: '/promo/promo-3.svg',
    title: 'Ajak Teman Bermain',
    descriptionHtml:
      '<p>Bagikan kode referral Anda dari halaman Referral. Teman yang mendaftar dengan kode Anda (minimal 18 tahun) tercatat sebagai referral Anda.</p>',
  },
  {
    slot: 4,
    imageUrl: '/promo/promo-4.svg',
    title: 'Statistik & Prediksi Jujur',
    descriptionHtml:
      '<p>Setiap prediksi di Gelora disebutkan sumbernya: model statistik Gelora atau penyedia data. Tidak ada angka karangan, tidak ada "pola" rahasia.</p>',
  },
];

/** Each alt text says what its image says (the images are text on a background). */
export const DEMO_BANNERS = [
  { imageUrl: '/banner/banner-1.svg', altText: 'Selamat bermain: Koin gratis harian segera hadir', active: true, position: 1 },
  { imageUrl: '/banner/banner-2.svg', altText: 'Liga top Eropa: skor langsung dan klasemen', active: true, position: 2 },
  { imageUrl: '/banner/banner-3.svg', altText: 'Bermain secukupnya: atur batas waktu bermain Anda', active: false, position: 3 },
];

/** The spec's channel ids (001 §2 Contact) plus Facebook, Instagram and Tiktok. Demo targets use reserved example names. */
export const CHANNELS = [
  { id: 11, kind: 'livechat', label: 'Live Chat', targetUrl: '', active: true, position: 1 },
  { id: 1, kind: 'whatsapp', label: 'WhatsApp 1', targetUrl: 'https://wa.me/6280000000001', active: true, position: 2 },
  { id: 2, kind: 'whatsapp', label: 'WhatsApp 2', targetUrl: 'https://wa.me/6280000000002', active: false, position: 3 },
  { id: 3, kind: 'telegram', label: 'Telegram', targetUrl: 'https://t.me/gelora_example', active: true, position: 4 },
  { id: 4, kind: 'line', label: 'Line', targetUrl: 'https://line.me/R/ti/p/@gelora.example', active: false, position: 5 },
  { id: 5, kind: 'facebook', label: 'Facebook', targetUrl: 'https://www.facebook.com/gelora.example', active: false, position: 6 },
  { id: 6, kind: 'instagram', label: 'Instagram', targetUrl: 'https://www.instagram.com/gelora.example', active: false, position: 7 },
  { id: 7, kind: 'tiktok', label: 'Tiktok', targetUrl: 'https://www.tiktok.com/@gelora.example', active: false, position: 8 },
  { id: 10, kind: 'email', label: 'Email', targetUrl: 'mailto:admin@gelora.example', active: true, position: 9 },
  { id: 9, kind: 'skype', label: 'Skype', targetUrl: 'skype:gelora.example?chat', active: false, position: 10 },
];

export const DEMO_ALT_LINKS = [
  { name: 'Link Alternatif 1', url: 'https://gelora.example', position: 1 },
  { name: 'Link Alternatif 2', url: 'https://gelora-alt.example', position: 2 },
  { name: 'Link Alternatif 3', url: 'https://gelora-cadangan.example', position: 3 },
];

/** `fresh`: the settings row was created by this seed run (a new database). */
export async function run(db: Db, fresh: boolean): Promise<void> {
  await db.insert(contactChannels).values(CHANNELS).onConflictDoNothing();
  if (!fresh) return;
  await db.insert(promotions).values(DEMO_PROMOTIONS).onConflictDoNothing();
  await db.insert(banners).values(DEMO_BANNERS);
  await db.insert(altLinks).values(DEMO_ALT_LINKS);
}
