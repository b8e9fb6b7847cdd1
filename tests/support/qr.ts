// Reads the QR code that the TOTP enrolment page draws (one SVG path of runs, see
// src/lib/server/admin/totp-qr.ts) the way a camera would: painted black on white, then decoded
// by jsQR, an independent QR reader.
import jsQR from 'jsqr';

/** The text the drawing encodes, or null when it is no readable QR code. */
export function readQr(size: number, path: string, scale = 4): string | null {
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  const runs = [...path.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)];
  // Only runs, each closed the way it was opened: anything else in the path is not drawn here.
  if (runs.map((m) => m[0]).join('') !== path || runs.some(([, , , run, back]) => run !== back)) return null;
  for (const [, x0, y0, run] of runs) {
    for (let y = Number(y0) * scale; y < (Number(y0) + 1) * scale; y++) {
      for (let x = Number(x0) * scale; x < (Number(x0) + Number(run)) * scale; x++) pixels.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
    }
  }
  return jsQR(pixels, width, width)?.data ?? null;
}
