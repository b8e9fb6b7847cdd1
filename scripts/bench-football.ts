// npm run bench:football: starts the built server (as `npm start` runs it), then drives
// /klasemenhome and the matches API with 50 concurrent keep-alive connections for a bounded time
// each, and prints requests per second and latency percentiles.
//   BENCH_SECONDS (default 10) per target, BENCH_CONNECTIONS (default 50), BENCH_PORT (default 4350),
//   BENCH_TARGETS (comma-separated paths) to drive other pages.
//   DATABASE_URL: bench on PostgreSQL; otherwise an in-memory PGlite (the data is imported first).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const seconds = Number(process.env['BENCH_SECONDS'] ?? 10);
const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
const port = Number(process.env['BENCH_PORT'] ?? 4350);
const base = `http://127.0.0.1:${port}`;

if (!fs.existsSync(path.join(root, 'dist/server/entry.mjs'))) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

const started = performance.now();
const server = spawn(process.execPath, ['--liftoff-only', 'src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    PGLITE_DIR: 'memory://',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  if (server.exitCode === null) server.kill('SIGTERM');
};
process.on('exit', stop);

const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ok = await get(`${base}/api/health`).then((s) => s === 200, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start within 150 s');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function drive(target: string) {
  const url = base + target;
  for (let i = 0; i < 20; i++) await get(url); // warm caches and the JIT
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const deadline = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const s = performance.now();
        try {
          const status = await get(url);
          if (status < 200 || status >= 300) non2xx++;
          latencies.push(performance.now() - s);
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    target,
    requests: latencies.length,
    rps: Math.round(latencies.length / elapsed),
    p50: percentile(latencies, 50).toFixed(1),
    p99: percentile(latencies, 99).toFixed(1),
    max: (latencies.at(-1) ?? 0).toFixed(1),
    errors,
    non2xx,
  };
}

try {
  await waitForServer();
  console.log(`server ready in ${Math.round(performance.now() - started)} ms (${process.env['DATABASE_URL'] ? 'PostgreSQL' : 'PGlite in memory'})`);
  const results = [];
  const targets = process.env['BENCH_TARGETS']?.split(',') ?? [
    '/klasemenhome',
    '/api/v1/football/matches?view=incoming',
    '/api/v1/football/matches?view=date&date=2025-05-25',
  ];
  for (const target of targets) {
    results.push(await drive(target));
  }
  console.log(`\n${connections} connections, ${seconds} s per target`);
  console.table(results.map((r) => ({ target: r.target, 'req/s': r.rps, 'p50 ms': r.p50, 'p99 ms': r.p99, 'max ms': r.max, requests: r.requests, errors: r.errors, 'non-2xx': r.non2xx })));
  if (results.some((r) => r.errors || r.non2xx)) process.exitCode = 1;
} finally {
  agent.destroy();
  stop();
}
