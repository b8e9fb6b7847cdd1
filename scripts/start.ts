// `npm start`: builds the site when the build is missing or older than the sources (or was made
// for another SITE_URL), then runs the server in this same process. Works from any directory: the
// build, its stamp and .env are the project's.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { exitOnError } from '../src/lib/server/fatal.ts';
import { preflight } from '../src/lib/server/preflight.ts';
import { projectRoot } from '../src/lib/server/project-root.ts';
import { sourceStamp, stampFile } from './build-stamp.ts';

// node's --env-file-if-exists=.env (npm start's flag) reads the working directory's; started from
// elsewhere, the project's .env still counts (process.loadEnvFile, like --env-file, fills only
// what is unset).
const dotenv = path.join(projectRoot, '.env');
if (fs.existsSync(dotenv)) process.loadEnvFile(dotenv);

// Before the build: a second `npm start` while a server runs rebuilt dist/ under it (its pages not
// yet loaded then failed with ERR_MODULE_NOT_FOUND) and only then found the port taken; a bad
// setting (SITE_URL=example.com) surfaced as Astro's stack traces from inside the build.
await preflight().catch(exitOnError);

const built =
  fs.existsSync(path.join(projectRoot, 'dist/server/entry.mjs')) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === sourceStamp();
if (!built) {
  console.log('Building Gelora (first start or sources changed)…');
  // The build writes the new stamp (postbuild.ts). npm finds the project from its working directory.
  try {
    execFileSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: projectRoot });
  } catch {
    // The build has said what failed.
    process.exit(1);
  }
}
await import('../src/main.ts');
