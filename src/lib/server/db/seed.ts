// Demo content for a fresh database. Idempotent: existing rows are left as they are, so an admin's
// edits survive every restart.
import type { Db } from './client.ts';
import { siteSettings } from './schema/index.ts';
import * as contentSeed from '../content/seed.ts';
import * as sanitize from '../sanitize.ts';

export const DEMO_SETTINGS = {
  id: 1,
  siteName: 'Gelora',
  logoUrl: '/logo.svg',
  runningText:
    'Selamat datang di Gelora! Skor langsung, klasemen, dan prediksi sepak bola. Main gratis dengan Koin — tanpa uang sungguhan.',
  appDownloadUrl: '',
  // Stored as a save would store them (sanitised), so that an admin's first save of the settings
  // changes, in the audit log, only what the admin changed.
  articleHtml: sanitize.richText(
    [
      '<h2>Gelora: pusat sepak bola berbahasa Indonesia</h2>',
      '<p>Ikuti <strong>skor langsung</strong>, klasemen liga top Eropa, jadwal pertandingan, dan rekor pertemuan kedua tim dalam satu tempat.</p>',
      '<p>Prediksi di Gelora berasal dari model statistik yang dilatih dengan hasil pertandingan nyata dan selalu diberi label. Prediksi bukan jaminan hasil.</p>',
      '<p>Anggota bermain dengan <em>Koin</em>: kredit permainan gratis yang tidak bernilai uang dan tidak dapat ditarik.</p>',
    ].join(''),
  ),
  liveChatId: '',
  metaTagsHtml: sanitize.metaTags(
    '<meta name="keywords" content="skor langsung, klasemen, prediksi sepak bola, liga inggris, gelora"><meta property="og:site_name" content="Gelora">',
  ),
};

export async function run(db: Db): Promise<void> {
  const created = await db.insert(siteSettings).values(DEMO_SETTINGS).onConflictDoNothing().returning({ id: siteSettings.id });
  await contentSeed.run(db, created.length > 0);
}
