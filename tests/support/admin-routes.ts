// Every admin API route with the permission it needs and a way to call it for real: `prepare`
// creates what the call works on and returns the URL and body. The permission and audit suites
// both walk this table, and a test checks it lists every route the admin plugin registers.
import type { Services } from '../../src/lib/server/context.ts';
import type { Permission } from '../../src/lib/server/admin/permissions.ts';
import type { Actor } from '../../src/lib/server/admin/audit.ts';
import { PROMO_SLOTS } from '../../src/lib/shared/constants.ts';
import { footballLeagues, footballMatches, footballTeams, members } from '../../src/lib/server/db/schema/index.ts';

export interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify's route pattern, as registered. */
  pattern: string;
  permission: Permission;
  /** Audit action a successful call writes; undefined for reads. */
  action?: string;
  prepare(services: Services): Promise<{ url: string; body?: unknown }>;
}

const SETUP: Actor = { adminId: null, username: 'test-setup', ip: '' };

/** Frees a promotion slot (deleting whatever sits there) and returns it. */
async function freeSlot(services: Services): Promise<number> {
  const taken = await services.content.admin.promotions();
  const used = new Set(taken.map((p) => p.slot));
  for (let slot = 1; slot <= PROMO_SLOTS; slot++) if (!used.has(slot)) return slot;
  await services.content.deletePromotion(SETUP, taken.at(-1)!.id);
  return taken.at(-1)!.slot;
}

async function newPromotion(services: Services) {
  const slot = await freeSlot(services);
  return services.content.createPromotion(SETUP, { slot, imageUrl: '/promo/promo-1.svg', title: `Promo ${slot}`, descriptionHtml: '<p>isi</p>' });
}

let made = 0;

/** A member row written directly (the admin routes only need one to exist). */
export async function newMember(services: Services): Promise<{ id: number; username: string }> {
  made += 1;
  const username = `adm${process.pid % 10000}x${made}`.slice(0, 12);
  const [row] = await services.db
    .insert(members)
    .values({ username, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$dGVzdA$dGVzdA', phone: '081234567890', email: `${username}@gmail.com`, birthDate: '1990-01-01' })
    .returning({ id: members.id, username: members.username });
  return row!;
}

/** A match the source has not finished: kicked off two hours ago (or `startsInMs` from now), still 'scheduled', no score. */
export async function newUnfinishedMatch(services: Services, startsInMs = -2 * 3_600_000): Promise<number> {
  made += 1;
  const tag = `${process.pid}-${made}-${Date.now()}`;
  await services.db.insert(footballLeagues).values({ id: 990_001, name: 'Liga Uji', country: 'Indonesia' }).onConflictDoNothing();
  const teams = await services.db
    .insert(footballTeams)
    .values([
      { externalId: `test:home:${tag}`, name: `Tuan Rumah ${made}` },
      { externalId: `test:away:${tag}`, name: `Tamu ${made}` },
    ])
    .returning({ id: footballTeams.id });
  const [m] = await services.db
    .insert(footballMatches)
    .values({
      externalId: `test:${tag}`,
      leagueId: 990_001,
      season: '2026',
      kickoffAt: new Date(services.football.now().getTime() + startsInMs),
      homeTeamId: teams[0]!.id,
      awayTeamId: teams[1]!.id,
      status: 'scheduled',
    })
    .returning({ id: footballMatches.id });
  return m!.id;
}

export const settingsBody = {
  siteName: 'Gelora',
  logoUrl: '/logo.svg',
  runningText: 'Teks berjalan baru',
  appDownloadUrl: 'https://gelora.example/app.apk',
  articleHtml: '<h2>Artikel</h2><p>Isi</p>',
  // Without the live-chat id and the meta tags, the owner's alone (settings.integrations): the body
  // every role with content.write may save, whichever ran before.
};

export const ROUTES: RouteCase[] = [
  { method: 'GET', pattern: '/api/v1/admin/settings', permission: 'content.read', prepare: async () => ({ url: '/api/v1/admin/settings' }) },
  {
    method: 'PUT',
    pattern: '/api/v1/admin/settings',
    permission: 'content.write',
    action: 'settings.update',
    prepare: async () => ({ url: '/api/v1/admin/settings', body: settingsBody }),
  },
  { method: 'GET', pattern: '/api/v1/admin/promotions', permission: 'content.read', prepare: async () => ({ url: '/api/v1/admin/promotions' }) },
  {
    method: 'POST',
    pattern: '/api/v1/admin/promotions',
    permission: 'content.write',
    action: 'promotion.create',
    prepare: async (s) => ({
      url: '/api/v1/admin/promotions',
      body: { slot: await freeSlot(s), imageUrl: '', title: 'Promo Uji', descriptionHtml: '<p>Deskripsi</p>' },
    }),
  },
  {
    method: 'PUT',
    pattern: '/api/v1/admin/promotions/:id',
    permission: 'content.write',
    action: 'promotion.update',
    prepare: async (s) => {
      const p = await newPromotion(s);
      return { url: `/api/v1/admin/promotions/${p.id}`, body: { slot: p.slot, imageUrl: '', title: 'Diubah', descriptionHtml: '<p>baru</p>' } };
    },
  },
  {
    method: 'DELETE',
    pattern: '/api/v1/admin/promotions/:id',
    permission: 'content.write',
    action: 'promotion.delete',
    prepare: async (s) => ({ url: `/api/v1/admin/promotions/${(await newPromotion(s)).id}` }),
  },
  { method: 'GET', pattern: '/api/v1/admin/banners', permission: 'content.read', prepare: async () => ({ url: '/api/v1/admin/banners' }) },
  {
    method: 'POST',
    pattern: '/api/v1/admin/banners',
    permission: 'content.write',
    action: 'banner.create',
    prepare: async () => ({ url: '/api/v1/admin/banners', body: { imageUrl: '/banner/banner-1.svg', active: true, position: 9 } }),
  },
  {
    method: 'PUT',
    pattern: '/api/v1/admin/banners/:id',
    permission: 'content.write',
    action: 'banner.update',
    prepare: async (s) => {
      const b = await s.content.createBanner(SETUP, { imageUrl: '/banner/banner-2.svg', altText: '', active: true, position: 5 });
      return { url: `/api/v1/admin/banners/${b.id}`, body: { imageUrl: '/banner/banner-2.svg', active: false, position: 6 } };
    },
  },
  {
    method: 'DELETE',
    pattern: '/api/v1/admin/banners/:id',
    permission: 'content.write',
    action: 'banner.delete',
    prepare: async (s) => {
      const b = await s.content.createBanner(SETUP, { imageUrl: '/banner/banner-3.svg', altText: '', active: true, position: 7 });
      return { url: `/api/v1/admin/banners/${b.id}` };
    },
  },
  { method: 'GET', pattern: '/api/v1/admin/channels', permission: 'content.read', prepare: async () => ({ url: '/api/v1/admin/channels' }) },
  {
    method: 'PUT',
    pattern: '/api/v1/admin/channels/:id',
    permission: 'content.write',
    action: 'channel.update',
    prepare: async () => ({ url: '/api/v1/admin/channels/4', body: { label: 'Line', targetUrl: 'https://line.me/R/ti/p/@gelora.example', active: true } }),
  },
  { method: 'GET', pattern: '/api/v1/admin/alt-links', permission: 'content.read', prepare: async () => ({ url: '/api/v1/admin/alt-links' }) },
  {
    method: 'POST',
    pattern: '/api/v1/admin/alt-links',
    permission: 'content.write',
    action: 'altlink.create',
    prepare: async () => ({ url: '/api/v1/admin/alt-links', body: { name: 'Cadangan', url: 'https://cadangan.gelora.example', position: 4 } }),
  },
  {
    method: 'PUT',
    pattern: '/api/v1/admin/alt-links/:id',
    permission: 'content.write',
    action: 'altlink.update',
    prepare: async (s) => {
      const l = await s.content.createAltLink(SETUP, { name: 'Sementara', url: 'https://sementara.gelora.example', position: 5 });
      return { url: `/api/v1/admin/alt-links/${l.id}`, body: { name: 'Diubah', url: 'https://diubah.gelora.example', position: 5 } };
    },
  },
  {
    method: 'DELETE',
    pattern: '/api/v1/admin/alt-links/:id',
    permission: 'content.write',
    action: 'altlink.delete',
    prepare: async (s) => {
      const l = await s.content.createAltLink(SETUP, { name: 'Hapus', url: 'https://hapus.gelora.example', position: 6 });
      return { url: `/api/v1/admin/alt-links/${l.id}` };
    },
  },
  { method: 'GET', pattern: '/api/v1/admin/audit', permission: 'audit.read', prepare: async () => ({ url: '/api/v1/admin/audit' }) },
  { method: 'GET', pattern: '/api/v1/admin/memos', permission: 'memos.read', prepare: async () => ({ url: '/api/v1/admin/memos' }) },
  {
    method: 'POST',
    pattern: '/api/v1/admin/memos',
    permission: 'memos.write',
    action: 'memo.create',
    prepare: async (s) => ({
      url: '/api/v1/admin/memos',
      body: { audience: 'member', username: (await newMember(s)).username, subject: 'Memo uji', body: 'Isi memo uji.' },
    }),
  },
  {
    method: 'DELETE',
    pattern: '/api/v1/admin/memos/:id',
    permission: 'memos.write',
    action: 'memo.delete',
    prepare: async (s) => {
      const m = await s.memos.create(SETUP, { audience: 'all', username: '', subject: 'Dihapus', body: 'Isi' });
      return { url: `/api/v1/admin/memos/${m.id}` };
    },
  },
  { method: 'GET', pattern: '/api/v1/admin/members', permission: 'members.read', prepare: async () => ({ url: '/api/v1/admin/members?q=adm' }) },
  {
    method: 'GET',
    pattern: '/api/v1/admin/members/:id',
    permission: 'members.read',
    prepare: async (s) => ({ url: `/api/v1/admin/members/${(await newMember(s)).id}` }),
  },
  {
    method: 'PATCH',
    pattern: '/api/v1/admin/members/:id',
    permission: 'members.write',
    action: 'member.suspend',
    prepare: async (s) => ({ url: `/api/v1/admin/members/${(await newMember(s)).id}`, body: { suspended: true } }),
  },
  { method: 'GET', pattern: '/api/v1/admin/matches', permission: 'matches.read', prepare: async () => ({ url: '/api/v1/admin/matches?date=2026-11-21' }) },
  {
    method: 'PUT',
    pattern: '/api/v1/admin/matches/:id/result',
    permission: 'matches.write',
    action: 'match.result',
    prepare: async (s) => ({
      url: `/api/v1/admin/matches/${await newUnfinishedMatch(s)}/result`,
      body: { status: 'finished', htHome: 1, htAway: 0, ftHome: 2, ftAway: 1 },
    }),
  },
];

/** Sign-in routes: reachable before the admin is fully signed in, each checks its own step. */
export const AUTH_PATTERNS = [
  'POST /api/v1/admin/auth/login',
  'POST /api/v1/admin/auth/totp',
  'POST /api/v1/admin/auth/password',
  'POST /api/v1/admin/auth/logout',
  'GET /api/v1/admin/auth/me',
];
