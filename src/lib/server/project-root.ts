// The project's root (where package.json is), against which the configuration's relative paths
// (PGLITE_DIR, FOOTBALL_DATA_DIR) are read, whatever the working directory: started from another
// one, the server made a new, empty database there. Meaningful in the unbundled server, scripts and
// tests; Astro's server bundle carries a copy of this module elsewhere, which never opens a path.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** `configured` as an absolute path: as it is when absolute, else relative to the project root. */
export function fromProjectRoot(configured: string): string {
  return path.resolve(projectRoot, configured);
}
