import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as totpSeal from '../../src/lib/server/admin/totp-seal.ts';
import { generateSecret } from '../../src/lib/server/admin/totp.ts';
import { deriveKey as deviceKey } from '../../src/lib/server/auth/device.ts';

describe('TOTP secrets sealed at rest', () => {
  const key = totpSeal.deriveKey(crypto.randomBytes(48));
  const secret = generateSecret();

  it('opens what it sealed, for the same admin, and each sealing differs', () => {
    const a = totpSeal.seal(key, 'pemilik', secret);
    const b = totpSeal.seal(key, 'pemilik', secret);
    expect(a).not.toBe(b);
    expect(a).not.toContain(secret);
    expect(totpSeal.isPlain(a)).toBe(false);
    expect(totpSeal.open(key, 'pemilik', a)).toBe(secret);
    expect(totpSeal.open(key, 'pemilik', b)).toBe(secret);
  });

  it('opens nothing under another key, for another admin, or altered', () => {
    const sealed = totpSeal.seal(key, 'pemilik', secret);
    expect(totpSeal.open(totpSeal.deriveKey(crypto.randomBytes(48)), 'pemilik', sealed)).toBeNull();
    expect(totpSeal.open(key, 'editor', sealed)).toBeNull();
    const [version, iv, body] = sealed.split('.') as [string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0]! ^= 1;
    expect(totpSeal.open(key, 'pemilik', `${version}.${iv}.${flipped.toString('base64url')}`)).toBeNull();
    for (const bad of [`v2.${iv}.${body}`, `v1.${iv}`, `v1.${iv}.${body}.x`, `v1..${body}`, `v1.${iv}.AAAA`, `v1.${iv}.!!!`]) {
      expect(totpSeal.open(key, 'pemilik', bad), bad).toBeNull();
    }
  });

  it('reads a secret stored before sealing, plain base32, as it is', () => {
    expect(totpSeal.isPlain(secret)).toBe(true);
    expect(totpSeal.open(key, 'pemilik', secret)).toBe(secret);
  });

  it('derives a key of its own from the signing key, not the device-token key', () => {
    const signing = crypto.randomBytes(48);
    expect(totpSeal.deriveKey(signing)).toHaveLength(32);
    expect(totpSeal.deriveKey(signing).equals(deviceKey(signing))).toBe(false);
    expect(totpSeal.deriveKey(signing).equals(totpSeal.deriveKey(signing))).toBe(true);
  });
});
