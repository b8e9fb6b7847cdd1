// npm run bench:pages: builds the site, starts it as `npm start` does (on its own port, with an
// in-memory database unless DATABASE_URL is set), runs Lighthouse (mobile preset, simulated
// throttling) in Debian's Chromium on each page and prints the page budget figures, with the
// accessibility, best-practices and SEO scores beside them (and the audits each page fails).
// Member pages are measured signed in: a member registered for the run, its tokens put where the
// site keeps them (localStorage) before the page's own scripts run, as after a login.
// Each page is measured three times and the run with the median performance score is reported.
//   npm run bench:pages                    all pages, build first
//   npm run bench:pages -- --no-build /    just the home page against the current build
//   npm run bench:pages -- --runs 5        five runs a page (1 for a quick look)
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { STORAGE_KEYS } from '../src/lib/shared/constants.ts';
import { chromiumArgs, chromiumPath } from '../tests/support/chromium.ts';

const PUBLIC_PAGES = ['/', '/login', '/register', '/peraturanhome', '/klasemenhome', '/livescorehome', '/prediksi', '/match/:past'];
/**
 * Pages behind the member guard (001 §2): measured with a session. '/referral/:other' stands for the
 * downline registration under another member's code ('Kode referral ini bukan milik Anda…').
 */
const MEMBER_PAGES = ['/lobby', '/setting', '/pagememo', '/referral', '/referral/:other', '/klasemenlobby'];
const DEFAULT_PAGES = [...PUBLIC_PAGES, ...MEMBER_PAGES];
const args = process.argv.slice(2);
const build = !args.includes('--no-build');
const runsArg = args.findIndex((a) => a === '--runs' || a.startsWith('--runs='));
const runs = runsArg === -1 ? 3 : Number(args[runsArg]!.includes('=') ? args[runsArg]!.slice('--runs='.length) : args[runsArg + 1]);
if (!Number.isInteger(runs) || runs < 1 || runs > 15) {
  console.error('--runs takes a whole number from 1 to 15');
  process.exit(2);
}
const pages = args.filter((a) => a.startsWith('/'));
const targets = pages.length ? pages : (process.env['BENCH_PAGES']?.split(',') ?? DEFAULT_PAGES);
const port = Number(process.env['BENCH_PORT'] ?? 4351);
const origin = `http://127.0.0.1:${port}`;

if (build) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });

const server = spawn(process.execPath, ['--liftoff-only', 'src/main.ts'], {
  env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), PGLITE_DIR: process.env['PGLITE_DIR'] ?? 'memory://', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer() {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('server did not start within 90 s');
}

/** '/match/:past' stands for a played Premier League match of the data (its id depends on the database). */
async function resolvePage(page: string): Promise<string> {
  if (page === '/referral/:other') return `/referral/${OTHER_MEMBER.username}`;
  if (page !== '/match/:past') return page;
  const res = await fetch(`${origin}/api/v1/football/matches?view=date&date=2025-05-25&league=152`);
  const { matches } = (await res.json()) as { matches: { id: number }[] };
  if (!matches[0]) throw new Error('no match to measure: is the football data imported?');
  return `/match/${matches[0].id}`;
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Member pages are noindex on purpose (nothing there for a search engine): no SEO score. */
const MEMBER_CATEGORIES = CATEGORIES.filter((c) => c !== 'seo');

/** A new member each run: with DATABASE_URL or PGLITE_DIR the database outlives the run. */
const BENCH_MEMBER = { username: `bench${Date.now().toString(36).slice(-6)}`, password: 'Rahasia1' };
/** Whose code '/referral/:other' opens. */
const OTHER_MEMBER = { ...BENCH_MEMBER, username: `${BENCH_MEMBER.username}x` };

/** Registers one of the run's members. */
async function registerMember(member: typeof BENCH_MEMBER): Promise<void> {
  const res = await fetch(`${origin}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...member, passwordConfirm: member.password, phone: '081234567890', email: 'bench@example.com', birthDate: '1990-01-01', agree: true }),
  });
  if (res.status !== 201) throw new Error(`registering the bench member: ${res.status} ${await res.text()}`);
}

/** A fresh session per page: a refresh token that one page rotated is not sent again by the next. */
async function memberTokens(): Promise<{ accessToken: string; refreshToken: string }> {
  const res = await fetch(`${origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_MEMBER),
  });
  if (!res.ok) throw new Error(`bench member login: ${res.status} ${await res.text()}`);
  return (await res.json()) as { accessToken: string; refreshToken: string };
}

interface Row {
  page: string;
  /** Performance score of the median run, and the lowest and highest of all runs. */
  score: number;
  scoreMin: number;
  scoreMax: number;
  accessibility: number;
  bestPractices: number;
  /** null: not measured (a member page). */
  seo: number | null;
  /** Audits of the other categories that the page fails (score below 1), by id. */
  failing: string[];
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  inlineJsBytes: number;
  totalBytes: number;
}

/** Bytes of script written inline in the page's HTML (uncompressed): not a request, but still JS. */
async function inlineScriptBytes(url: string): Promise<number> {
  const html = await (await fetch(url)).text();
  let total = 0;
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) total += Buffer.byteLength(m[1] ?? '');
  return total;
}

/** A run's performance score, 0–100. */
const performanceOf = (lhr: { categories: Record<string, { score: number | null } | undefined> }) => Math.round((lhr.categories['performance']?.score ?? 0) * 100);

const rows: Row[] = [];
/** Signed-out visits to member pages: requests the page made before the guard sent it to /. */
const signedOut: { page: string; requests: number; ms: number }[] = [];
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitForServer();
  chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumArgs });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  if (targets.some((t) => MEMBER_PAGES.includes(t))) await registerMember(BENCH_MEMBER);
  if (targets.includes('/referral/:other')) await registerMember(OTHER_MEMBER);
  // One Lighthouse run in a fresh tab; a member page's tab gets a session before its scripts run
  // (Lighthouse clears the origin's storage first, so the tokens are written at document start).
  const measure = async (page: string, member: boolean) => {
    const tab = await browser.newPage();
    try {
      if (member) {
        const tokens = await memberTokens();
        await tab.evaluateOnNewDocument(
          (site, keys, t) => {
            if (location.origin !== site || localStorage.getItem(keys.accessToken)) return;
            localStorage.setItem(keys.accessToken, t.accessToken);
            localStorage.setItem(keys.refreshToken, t.refreshToken);
          },
          origin,
          STORAGE_KEYS,
          tokens,
        );
      }
      return await lighthouse(origin + page, { output: 'json', logLevel: 'error', onlyCategories: member ? MEMBER_CATEGORIES : CATEGORIES }, undefined, tab);
    } finally {
      await tab.close();
    }
  };
  for (const target of targets) {
    const page = await resolvePage(target);
    const member = MEMBER_PAGES.includes(target);
    // Warm the server (first render compiles templates and fills caches) before measuring.
    const inlineJsBytes = await inlineScriptBytes(origin + page);
    // A Lighthouse run now and then ends in a runtime error (no LCP recorded) on a page that
    // measures fine the next time: such a run is reported and repeated, twice at most.
    // A run without an LCP (seen once on /register with no runtime error at all) is repeated too.
    const failedRun = (r: Awaited<ReturnType<typeof measure>>) => !r || !!r.lhr.runtimeError || !Number.isFinite(r.lhr.audits['largest-contentful-paint']?.numericValue);
    const measureOnce = async () => {
      let run = await measure(page, member);
      for (let attempt = 1; attempt <= 2 && failedRun(run); attempt++) {
        const why = run?.lhr.runtimeError ? `${run.lhr.runtimeError.code}: ${run.lhr.runtimeError.message}` : 'no LCP recorded';
        console.error(`${page}: Lighthouse ${why} (measuring again)`);
        run = await measure(page, member);
      }
      return run;
    };
    // One run's score is not the page's: the simulated throttling multiplies the main thread's
    // real time, so a busy moment of this machine shows up as blocking time (a member page's
    // TBT ranged 164–621 ms over runs of one build). The page is measured `runs` times and the
    // run with the median performance score is reported (of an even number, the lower middle
    // one), with the lowest and highest beside it. A run that failed even when repeated counts
    // for neither, unless no run succeeded: then the failure is what is reported.
    const measured = [];
    for (let i = 0; i < runs; i++) measured.push(await measureOnce());
    const good = measured.filter((r): r is NonNullable<typeof r> => !failedRun(r));
    const scored = (good.length ? good : measured.filter((r): r is NonNullable<typeof r> => !!r)).sort((a, b) => performanceOf(a.lhr) - performanceOf(b.lhr));
    const result = scored[Math.floor((scored.length - 1) / 2)];
    if (!result) throw new Error(`no Lighthouse result for ${page}`);
    const { lhr } = result;
    if (lhr.runtimeError) console.error(`${page}: Lighthouse ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    // A member page that sent the bench to the home page (no session) measured the wrong thing.
    const ended = new URL(lhr.finalDisplayedUrl);
    if (ended.pathname + ended.search !== page) throw new Error(`${page} ended on ${lhr.finalDisplayedUrl}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
    const jsBytes = requests.filter((r) => r.resourceType === 'Script').reduce((s, r) => s + (r.transferSize ?? 0), 0);
    const totalBytes = requests.reduce((s, r) => s + (r.transferSize ?? 0), 0);
    const category = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failing = (member ? MEMBER_CATEGORIES : CATEGORIES).slice(1)
      .flatMap((id) => lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => {
        // The first elements the audit names, so the line says where to look.
        const items = (lhr.audits[ref.id]?.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? [];
        const nodes = items.flatMap((i) => (i.node?.snippet ? [i.node.snippet.slice(0, 100)] : [])).slice(0, 3);
        return nodes.length ? `${ref.id} (${nodes.join(' | ')})` : ref.id;
      });
    rows.push({
      page: member ? `${page} (member)` : page,
      score: category('performance'),
      scoreMin: performanceOf(scored[0]!.lhr),
      scoreMax: performanceOf(scored.at(-1)!.lhr),
      accessibility: category('accessibility'),
      bestPractices: category('best-practices'),
      seo: member ? null : category('seo'),
      failing,
      lcpMs: Math.round(audit('largest-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: Number(audit('cumulative-layout-shift').toFixed(3)),
      jsBytes,
      inlineJsBytes,
      totalBytes,
    });
  }
  // A visitor without a session who opens a member page is sent to / by the page's inline guard:
  // what the page asked for before it left (it should be next to nothing), in a fresh context
  // (no stored session, no service worker), unthrottled.
  for (const target of targets.filter((t) => MEMBER_PAGES.includes(t) && !t.includes(':'))) {
    const context = await browser.createBrowserContext();
    try {
      const tab = await context.newPage();
      let requests = 0;
      let home = false;
      const start = performance.now();
      tab.on('request', (req) => {
        // The member page's own requests: not its document, nor the home page's it is sent to.
        if (!home && req.url() !== origin + target && req.url() !== `${origin}/`) requests++;
      });
      const left = new Promise<number>((resolve) => {
        tab.on('framenavigated', (frame) => {
          if (frame !== tab.mainFrame() || new URL(frame.url()).pathname !== '/') return;
          home = true;
          resolve(performance.now() - start);
        });
      });
      void tab.goto(origin + target).catch(() => {}); // the guard's redirect ends this navigation
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${target}: a visitor was not sent to /`)), 15_000).unref());
      const ms = Math.round(await Promise.race([left, timeout]));
      signedOut.push({ page: target, requests, ms });
    } finally {
      await context.close();
    }
  }
  await browser.disconnect();
} finally {
  chrome?.kill();
  server.kill('SIGTERM');
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(`\nLighthouse (mobile, simulated throttling), the median of ${runs} run${runs === 1 ? '' : 's'} a page — ${new Date().toISOString()}`);
console.table(
  rows.map((r) => ({
    page: r.page,
    performance: r.score,
    'perf. range': r.scoreMin === r.scoreMax ? '' : `${r.scoreMin}–${r.scoreMax}`,
    a11y: r.accessibility,
    'best pr.': r.bestPractices,
    seo: r.seo ?? '—',
    'LCP ms': r.lcpMs,
    'TBT ms': r.tbtMs,
    CLS: r.cls,
    'JS files (compressed)': kb(r.jsBytes),
    'inline JS (raw)': kb(r.inlineJsBytes),
    'all bytes': kb(r.totalBytes),
  })),
);
for (const r of rows) if (r.failing.length) console.log(`${r.page}: failing audits: ${r.failing.join(', ')}`);
if (signedOut.length) {
  console.log('\nA visitor without a session on a member page (unthrottled): what the page requested before it left for /, and when it got there');
  console.table(signedOut.map((v) => ({ page: v.page, 'requests of the page': v.requests, 'at / after ms': v.ms })));
}
fs.mkdirSync('bench-results', { recursive: true });
fs.writeFileSync(path.join('bench-results', 'pages.json'), JSON.stringify(rows, null, 2));
// CLS counts on its own: a page can keep performance ≥ 95 while its layout shifts past 'good' (0.1).
const failed = rows.filter((r) => r.score < 95 || r.accessibility < 100 || r.bestPractices < 100 || r.cls > 0.1);
if (failed.length) {
  console.error(`Below the budget (performance ≥ 95, accessibility 100, best practices 100, CLS ≤ 0.1): ${failed.map((r) => r.page).join(', ')}`);
  process.exitCode = 1;
}
