// `npm run bench:auth`: login and token-refresh throughput of the real API on loopback, and what one
// member flooding the settings password check does to the other members' logins.
//
// The server runs in a child process (so the load generator does not share its event loop) on a free
// port, with an in-memory PGlite database, or with PostgreSQL when DATABASE_URL is set (a scratch
// database <name>_bench is created next to it and dropped afterwards). Bounded concurrent loops send
// keep-alive HTTP requests for a fixed time; the script prints requests/s, p50, p99 and max latency,
// and the argon2 parameters. Three phases of the same duration: logins (with a compressed GET
// beside them, and once alone, to show what the hashing leaves the rest of the site), refreshes, and logins while
// the last member of the list (the flooder, never used by the login and refresh loops) sends
// password checks with its right password from `--flood-concurrency` loops. A check costs the same
// argon2 hash as a login, so it is capped at 30 per member per 15 minutes: past that the flood
// should get 429s that cost no hash, and the logins beside it should keep their latency.
//
// Every bench request comes from 127.0.0.1, so the per-IP login attempt cap (120/min in production)
// and the per-IP registration and username-lookup caps (30 and 100 per 10 min; each registration
// counts against both) are lifted in the child; the per-username and per-IP failure limits stay as they are (the bench's logins all
// succeed), and so does the per-member password check limit, which the flood is there to meet.
// Everything else is the production code path.
//
//   npm run bench:auth [-- --duration 10 --login-concurrency 8 --refresh-concurrency 32 --flood-concurrency 64 --members 32]
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values: args } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    'login-concurrency': { type: 'string', default: '8' },
    'refresh-concurrency': { type: 'string', default: '32' },
    'flood-concurrency': { type: 'string', default: '64' },
    members: { type: 'string', default: '32' },
  },
});

const PASSWORD = 'Bench2024';

// ---------------------------------------------------------------- child: the server
async function serve() {
  const { boot } = await import('../src/lib/server/boot.ts');
  const { createServer } = await import('../src/api/server.ts');
  const { createAccountService } = await import('../src/lib/server/auth/accounts.ts');
  const { DEFAULT_LOGIN_LIMITS } = await import('../src/lib/server/auth/rate-limit.ts');
  const { describeParams } = await import('../src/lib/server/auth/password.ts');
  const { registerSchema } = await import('../src/lib/shared/schemas/auth.ts');

  const booted = await boot({ env: { ...process.env, PGLITE_DIR: 'memory://', LOG_LEVEL: 'silent' } });
  const accounts = createAccountService(booted.config, booted.db, {
    limits: {
      ...DEFAULT_LOGIN_LIMITS,
      ipAttempts: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
      ipRegistrations: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
      ipLookups: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
    },
  });
  const services = { ...booted, accounts };

  const count = Number(args.members);
  const usernames: string[] = [];
  for (let i = 0; i < count; i++) {
    const username = `bench${String(i).padStart(4, '0')}`;
    const reg = registerSchema.parse({
      username,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      phone: '081200000000',
      email: `${username}@bench.test`,
      birthDate: '1990-01-01',
      agree: true,
    });
    const r = await accounts.register(reg, '127.0.0.1', { login: false });
    if (!r.ok && r.reason !== 'taken') throw new Error(`could not create ${username}: ${r.reason}`);
    usernames.push(username);
  }

  const app = await createServer({ services, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({
    port,
    usernames,
    argon2: describeParams(),
    database: services.database.kind,
    passwordChecks: DEFAULT_LOGIN_LIMITS.passwordChecks,
  });
  process.on('message', async (msg) => {
    if (msg === 'stop') {
      await app.close();
      await services.database.close();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------- parent: the load
interface Ready {
  port: number;
  usernames: string[];
  argon2: string;
  database: string;
  /** The per-member password check limit the server applies, for the flood's expected answers. */
  passwordChecks: { limit: number; windowMs: number };
}

function post(
  agent: http.Agent,
  port: number,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** A GET that reads the whole answer; true for a 200. */
function get(agent: http.Agent, port: number, path: string, headers: Record<string, string> = {}): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200));
    });
    req.on('error', reject);
    req.end();
  });
}

interface Result {
  name: string;
  concurrency: number;
  latencies: number[];
  errors: number;
  seconds: number;
}

/** `concurrency` loops, each sending one request after the other until the time is up. */
async function load(
  name: string,
  concurrency: number,
  seconds: number,
  step: (worker: number) => Promise<boolean>,
): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < end) {
        const t = performance.now();
        const ok = await step(worker).catch(() => false);
        latencies.push(performance.now() - t);
        if (!ok) errors += 1;
      }
    }),
  );
  return { name, concurrency, latencies, errors, seconds: (performance.now() - start) / 1000 };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function report(results: Result[]) {
  const rows = results.map((r) => {
    const sorted = [...r.latencies].sort((a, b) => a - b);
    return {
      endpoint: r.name,
      concurrency: r.concurrency,
      requests: r.latencies.length,
      'req/s': (r.latencies.length / r.seconds).toFixed(1),
      'p50 ms': percentile(sorted, 50).toFixed(1),
      'p99 ms': percentile(sorted, 99).toFixed(1),
      'max ms': (sorted.at(-1) ?? Number.NaN).toFixed(1),
      errors: r.errors,
    };
  });
  console.table(rows);
}

/** The flood's answers by status: the hashed checks (200) against the limit's refusals (429). */
function floodSummary(statuses: Map<number, number>, rule: Ready['passwordChecks']): string {
  const other = [...statuses].filter(([status]) => status !== 200 && status !== 429);
  const minutes = rule.windowMs / 60_000;
  return (
    `password-check flood: ${statuses.get(200) ?? 0} checks answered 200 (hashed), ${statuses.get(429) ?? 0} answered 429 ` +
    `(expected: ${rule.limit} hashed per member per ${minutes} min, the rest 429)` +
    (other.length ? `; other statuses: ${other.map(([s, c]) => `${c}× ${s}`).join(', ')}` : '')
  );
}

async function scratchDatabase(): Promise<{ env: NodeJS.ProcessEnv; drop: () => Promise<void> }> {
  const base = process.env['DATABASE_URL'];
  if (!base) return { env: { ...process.env }, drop: async () => {} };
  const url = new URL(base);
  const name = `${url.pathname.slice(1) || 'gelora'}_bench`;
  const admin = new URL(base);
  admin.pathname = '/postgres';
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: admin.href });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await run(`CREATE DATABASE "${name}"`);
  url.pathname = `/${name}`;
  return { env: { ...process.env, DATABASE_URL: url.href }, drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

async function main() {
  const seconds = Number(args.duration);
  const loginConcurrency = Number(args['login-concurrency']);
  const refreshConcurrency = Number(args['refresh-concurrency']);
  const floodConcurrency = Number(args['flood-concurrency']);
  if (Number(args.members) < 2) throw new Error('--members must be at least 2: one member floods, the others log in');
  const scratch = await scratchDatabase();
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve', '--members', String(args.members)], {
    env: scratch.env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('message', (m) => resolve(m as Ready));
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(loginConcurrency, refreshConcurrency) });
    const { port } = ready;
    // The last member only floods: its checks hold its username's failure claims while they hash, so
    // a login under that name could meet a 429 that says nothing about the other members' latency.
    const usernames = ready.usernames.slice(0, -1);
    const flooder = ready.usernames.at(-1)!;
    const login = (worker: number, i: number) =>
      post(agent, port, '/api/v1/auth/login', { username: usernames[(worker + i * loginConcurrency) % usernames.length], password: PASSWORD });

    console.log(`Gelora auth bench — node ${process.version}, ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? '?'}), database ${ready.database}`);
    console.log(`password hashing: ${ready.argon2}; libuv thread pool ${process.env['UV_THREADPOOL_SIZE'] ?? 4}`);
    console.log(
      `${seconds} s per phase, ${usernames.length} members logging in and ${flooder} flooding, keep-alive HTTP on 127.0.0.1:${port}\n`,
    );

    // Warm-up: JIT, connection pool, the signing key.
    await load('warm-up', 2, 1, async (w) => (await login(w, 0)).status === 200);

    // Beside the logins, one client reads a compressed answer every 20 ms: compression, like a
    // static file's read, runs on libuv's thread pool, where the argon2 hashes run too. Its latency
    // shows whether the logins leave the pool room for the rest of the site (HASH_CONCURRENCY).
    const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const probe = async (name: string): Promise<Result> => {
      const latencies: number[] = [];
      let errors = 0;
      const start = performance.now();
      while (performance.now() < start + seconds * 1000) {
        const t = performance.now();
        const ok = await get(probeAgent, port, '/api/v1/football/leagues', { 'accept-encoding': 'br' }).catch(() => false);
        latencies.push(performance.now() - t);
        if (!ok) errors += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return { name, concurrency: 1, latencies, errors, seconds: (performance.now() - start) / 1000 };
    };
    const idleProbe = await probe('GET /api/v1/football/leagues, br (alone; 20 ms pauses)');

    let n = 0;
    const [loginResult, busyProbe] = await Promise.all([
      load('POST /api/v1/auth/login', loginConcurrency, seconds, async (w) => (await login(w, n++)).status === 200),
      probe('GET /api/v1/football/leagues, br (beside the logins)'),
    ]);

    // Each refresh loop owns one session and rotates its token again and again.
    const tokens: string[] = [];
    for (let w = 0; w < refreshConcurrency; w++) {
      const r = await login(w, 0);
      tokens.push(String(r.json['refreshToken']));
    }
    const refreshResult = await load('POST /api/v1/auth/refresh', refreshConcurrency, seconds, async (w) => {
      const r = await post(agent, port, '/api/v1/auth/refresh', { refreshToken: tokens[w] });
      if (r.status !== 200) return false;
      tokens[w] = String(r.json['refreshToken']);
      return true;
    });

    // The flooder signs in through the API, as a client would, for the bearer of its checks.
    const signIn = await post(agent, port, '/api/v1/auth/login', { username: flooder, password: PASSWORD });
    if (signIn.status !== 200) throw new Error(`${flooder} could not log in: ${signIn.status}`);
    const bearer = { authorization: `Bearer ${String(signIn.json['accessToken'])}` };
    // Its own sockets: sharing the login loops' agent would queue their requests behind the flood in
    // this process and count that wait as server latency.
    const floodAgent = new http.Agent({ keepAlive: true, maxSockets: floodConcurrency });
    const statuses = new Map<number, number>();
    n = 0;
    const [floodLoginResult, floodResult] = await Promise.all([
      load('POST /api/v1/auth/login (during a password-check flood)', loginConcurrency, seconds, async (w) => (await login(w, n++)).status === 200),
      load('POST /api/v1/me/password/check (one member, flood)', floodConcurrency, seconds, async () => {
        const r = await post(floodAgent, port, '/api/v1/me/password/check', { password: PASSWORD }, bearer);
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        // Past the limit a 429 is the answer the flood should get, not an error.
        return r.status === 200 || r.status === 429;
      }),
    ]);

    report([idleProbe, loginResult, busyProbe, refreshResult, floodLoginResult, floodResult]);
    console.log('(the GET rows: one request at a time with 20 ms pauses, which count in req/s but not in the latencies)');
    console.log(floodSummary(statuses, ready.passwordChecks));
    agent.destroy();
    probeAgent.destroy();
    floodAgent.destroy();
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send?.('stop');
      await exited;
    }
    await scratch.drop();
  }
}

if (args.serve) {
  await serve();
} else {
  await main();
}
