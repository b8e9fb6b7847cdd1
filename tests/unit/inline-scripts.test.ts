// The inline head scripts (src/lib/build/inline-scripts.ts) repeat, in plain ES5 for the page's
// head, the session test of stored-session.ts, which the bundled scripts use. Run in a sandbox with
// the same storages, they must come to the same verdict.
import crypto from 'node:crypto';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import * as jwt from '../../src/lib/server/auth/jwt.ts';
import { COOKIE_BANNER, MEMBER_GUARD, REFERRAL_FOREIGN } from '../../src/lib/build/inline-scripts.ts';
import { REFERRAL_FOREIGN_CLASS } from '../../src/lib/shared/constants.ts';
import { storedSessionUser } from '../../src/lib/client/stored-session.ts';

type Storage = Pick<globalThis.Storage, 'getItem'>;
const key = crypto.randomBytes(32);
const token = (username: unknown, exp: unknown = 1_800_000_900) =>
  `h.${Buffer.from(JSON.stringify({ sub: '42', username, exp })).toString('base64url')}.s`;
const signed = jwt.sign(key, { sub: '42', username: 'budi2024', sid: crypto.randomUUID(), iat: 1_800_000_000, exp: 1_800_000_900 });
const items = (values: Record<string, string>): Storage => ({ getItem: (k: string) => values[k] ?? null });
const blocked: Storage = {
  getItem: () => {
    throw new Error('SecurityError: storage is blocked');
  },
};

const storages: [string, Storage][] = [
  ['a signed session', items({ accessToken: signed, refreshToken: 'r' })],
  ['a session whose username needs base64 padding', items({ accessToken: token('budi20'), refreshToken: 'r' })],
  ['no tokens', items({})],
  ['an access token without a refresh token', items({ accessToken: signed })],
  ['a refresh token without an access token', items({ refreshToken: 'r' })],
  ['an access token that is not one', items({ accessToken: 'garbage', refreshToken: 'r' })],
  ['a payload without a username', items({ accessToken: token(undefined), refreshToken: 'r' })],
  ['a username that is not a string', items({ accessToken: token(42), refreshToken: 'r' })],
  ['an expiry that is not a number', items({ accessToken: token('budi2024', 'soon'), refreshToken: 'r' })],
  ['storage that cannot be read', blocked],
];

/** Runs an inline script as a page's head would, at `path`; says what it did. */
function run(script: string, storage: Storage, path: string) {
  const did = { stopped: false, replacedWith: null as string | null, classes: [] as string[] };
  const context = {
    localStorage: storage,
    atob: (s: string) => Buffer.from(s, 'base64').toString('latin1'),
    stop: () => void (did.stopped = true),
    location: { pathname: path, replace: (to: string) => void (did.replacedWith = to) },
    document: { documentElement: { classList: { add: (c: string) => void did.classes.push(c) } } },
  };
  vm.runInNewContext(script, context);
  return did;
}

describe('MEMBER_GUARD (inline, every member page)', () => {
  it.each(storages)('with %s, leaves the page exactly when stored-session.ts finds no session', (_, storage) => {
    const did = run(MEMBER_GUARD, storage, '/lobby');
    const signedIn = storedSessionUser(storage) !== null;
    expect(did).toEqual(signedIn ? { stopped: false, replacedWith: null, classes: [] } : { stopped: true, replacedWith: '/', classes: [] });
  });
});

describe('REFERRAL_FOREIGN (inline, /referral/{code})', () => {
  it.each(storages)('with %s, marks the page when the session is another member’s', (_, storage) => {
    const user = storedSessionUser(storage);
    for (const path of ['/referral/budi2024', '/referral/BUDI2024', '/referral/orang_lain', '/referral/%E0%A4%A']) {
      const code = path === '/referral/%E0%A4%A' ? null : path.slice('/referral/'.length).toLowerCase();
      const foreign = user !== null && code !== null && user !== code;
      expect(run(REFERRAL_FOREIGN, storage, path).classes, path).toEqual(foreign ? [REFERRAL_FOREIGN_CLASS] : []);
    }
  });
});

describe('COOKIE_BANNER (inline, right after the cookie banner)', () => {
  /** Runs the script after a hidden banner, with these stored choices; whether the banner shows, and what it left global. */
  const show = (local: Storage, session: Storage) => {
    const banner = { hidden: true };
    const context: Record<string, unknown> = { localStorage: local, sessionStorage: session, document: { currentScript: { previousElementSibling: banner } } };
    vm.runInNewContext(COOKIE_BANNER, context);
    return { shown: !banner.hidden, globals: Object.keys(context).filter((k) => !['localStorage', 'sessionStorage', 'document'].includes(k)) };
  };
  it('shows the banner until consent is given, and not again in a session that refused it', () => {
    expect(show(items({}), items({}))).toEqual({ shown: true, globals: [] });
    expect(show(items({ cookieConsent: 'true' }), items({}))).toEqual({ shown: false, globals: [] });
    expect(show(items({ cookieConsent: 'false' }), items({ cookieConsent: 'false' }))).toEqual({ shown: false, globals: [] });
    // Refused in an earlier session: asked again.
    expect(show(items({ cookieConsent: 'false' }), items({}))).toEqual({ shown: true, globals: [] });
    // Storage that cannot be read: no banner, and no error thrown on the page.
    expect(show(blocked, blocked)).toEqual({ shown: false, globals: [] });
  });
});
