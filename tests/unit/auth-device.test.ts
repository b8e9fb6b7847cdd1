// Device tokens: a browser's proof that it signed in as a username before (auth/device.ts).
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as device from '../../src/lib/server/auth/device.ts';

const key = device.deriveKey(crypto.randomBytes(48));
const now = 1_800_000_000;

describe('device tokens', () => {
  it('verify gives the nonce of a token issued for that username, for a year', () => {
    const token = device.issue(key, 'budi2024', now);
    const nonce = device.verify(key, token, 'budi2024', now + 1);
    expect(nonce).toBe(token.split('.')[1]);
    expect(device.verify(key, token, 'budi2024', now + device.DEVICE_TOKEN_TTL_SECONDS)).toBe(nonce);
    expect(device.verify(key, token, 'budi2024', now + device.DEVICE_TOKEN_TTL_SECONDS + 1)).toBeNull();
  });

  it('every token is new, so each names its own browser', () => {
    expect(device.issue(key, 'budi2024', now)).not.toBe(device.issue(key, 'budi2024', now));
  });

  it('refuses another username, another key, a changed part, a token from the future and garbage', () => {
    const token = device.issue(key, 'budi2024', now);
    const [iat, nonce, mac] = token.split('.') as [string, string, string];
    const otherNonce = crypto.randomBytes(16).toString('base64url');
    const flipped = (mac[0] === 'A' ? 'B' : 'A') + mac.slice(1);
    expect(device.verify(key, token, 'budi2025', now)).toBeNull();
    expect(device.verify(device.deriveKey(crypto.randomBytes(48)), token, 'budi2024', now)).toBeNull();
    expect(device.verify(key, `${iat}.${otherNonce}.${mac}`, 'budi2024', now)).toBeNull();
    expect(device.verify(key, `${Number(iat) + 1}.${nonce}.${mac}`, 'budi2024', now)).toBeNull();
    expect(device.verify(key, `${iat}.${nonce}.${flipped}`, 'budi2024', now)).toBeNull();
    expect(device.verify(key, device.issue(key, 'budi2024', now + 3600), 'budi2024', now)).toBeNull();
    for (const junk of ['', '...', token + '.', `${iat}.${nonce}`, 'x'.repeat(200)]) expect(device.verify(key, junk, 'budi2024', now)).toBeNull();
  });

  it('binds a token to the password it was earned with: a new password hash retires it', () => {
    const before = device.subject('budi2024', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaDE');
    const after = device.subject('budi2024', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaDI');
    const token = device.issue(key, before, now);
    expect(device.verify(key, token, before, now)).not.toBeNull();
    expect(device.verify(key, token, after, now)).toBeNull();
    expect(device.verify(key, token, device.subject('admin:budi2024', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaDE'), now)).toBeNull();
  });

  it('its key is not the signing key it comes from', () => {
    const signing = crypto.randomBytes(48);
    expect(device.deriveKey(signing).equals(signing)).toBe(false);
    expect(device.deriveKey(signing).equals(device.deriveKey(signing))).toBe(true);
  });
});
