import { describe, expect, it } from 'vitest';
import { qrDrawing } from '../../src/lib/server/admin/totp-qr.ts';
import { generateSecret, otpauthUri } from '../../src/lib/server/admin/totp.ts';
import { readQr } from '../support/qr.ts';

describe('TOTP enrolment QR code', () => {
  it('reads back as the otpauth address an authenticator app takes', () => {
    for (const account of ['owner', 'andi2026', 'admin.support']) {
      const uri = otpauthUri('Gelora', account, generateSecret());
      const { size, path } = qrDrawing(uri);
      expect(readQr(size, path), account).toBe(uri);
    }
  });

  it('keeps four modules of white round the code, and draws nothing there', () => {
    const drawing = qrDrawing(otpauthUri('Gelora', 'owner', generateSecret()));
    const runs = [...drawing.path.matchAll(/M(\d+) (\d+)h(\d+)/g)].map(([, x, y, n]) => [Number(x), Number(y), Number(n)] as const);
    expect(Math.min(...runs.map(([x]) => x))).toBe(4);
    expect(Math.min(...runs.map(([, y]) => y))).toBe(4);
    expect(Math.max(...runs.map(([x, , n]) => x + n))).toBe(drawing.size - 4);
    expect(Math.max(...runs.map(([, y]) => y + 1))).toBe(drawing.size - 4);
  });

  it('a different address is a different code, and a damaged drawing reads as nothing', () => {
    const uri = otpauthUri('Gelora', 'owner', generateSecret());
    const { size, path } = qrDrawing(uri);
    expect(qrDrawing(otpauthUri('Gelora', 'owner', generateSecret())).path).not.toBe(path);
    // The reader is no echo: the same drawing without its top left finder pattern's rows is unreadable.
    const damaged = path.replace(/M\d+ [4-9]h\d+v1h-\d+z/g, '');
    expect(readQr(size, damaged)).toBeNull();
  });
});
