// The TOTP enrolment's QR code: what an authenticator app scans, so that an admin does not type a
// 32-character key. Encoded by uqr (medium error correction); drawn here as one SVG path, a
// rectangle per run of dark modules in a row (about a tenth of the size of uqr's own SVG, which
// draws every module), inside the four-module quiet zone that readers need. Server-rendered: the
// secret it carries is on the same page already, and the page needs no script for it.
import { encode } from 'uqr';

/** Modules of white round the code (the QR standard's quiet zone). */
const QUIET = 4;

export interface QrDrawing {
  /** Width and height in modules, quiet zone included (the SVG's viewBox). */
  size: number;
  /** The dark modules as one SVG path, in module units. */
  path: string;
}

export function qrDrawing(text: string): QrDrawing {
  const { data, size } = encode(text, { ecc: 'M', border: 0 });
  const parts: string[] = [];
  data.forEach((row, y) => {
    for (let x = 0; x < size; x++) {
      if (!row[x]) continue;
      const start = x;
      while (x + 1 < size && row[x + 1]) x++;
      const run = x - start + 1;
      parts.push(`M${start + QUIET} ${y + QUIET}h${run}v1h-${run}z`);
    }
  });
  return { size: size + 2 * QUIET, path: parts.join('') };
}
