// The embedded football data as the application finds it: FOOTBALL_DATA_DIR when set (absolute, or
// relative to the project root), else ../shared/data/football beside the project. Tests that read
// the real files go through here instead of a literal '../shared/…' read from the working directory.
import path from 'node:path';
import * as config from '../../src/lib/server/config.ts';
import { dataDir } from '../../src/lib/server/football/importer.ts';

export const footballDataDir = dataDir(config.load().FOOTBALL_DATA_DIR);

/** A path inside the football data ('openfootball/worldcup.json', …). */
export function footballData(...segments: string[]): string {
  return path.join(footballDataDir, ...segments);
}
