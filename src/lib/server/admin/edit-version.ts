// Edit versions: a back-office form carries the updatedAt (ms) of the row it shows, and a save made
// on a page rendered before the row's last save is refused, rather than silently putting the older
// values back. Both times go through the same driver's reading of the timestamp, so they compare
// exactly; each save stores a millisecond time later than the one it replaces, so two saves within
// one millisecond still differ.
import { StaleEditError } from './errors.ts';

/** Throws StaleEditError unless `version` is the row's current one (a missing row never is). */
export function checkVersion(before: { updatedAt: Date } | undefined, version: number | undefined): void {
  if (version === undefined) return;
  if (!before || before.updatedAt.getTime() !== version) throw new StaleEditError();
}

/** The updatedAt of a save: now, or a millisecond after the row's last save when that is not earlier. */
export function savedAt(before: { updatedAt: Date } | undefined, now: number = Date.now()): Date {
  return new Date(Math.max(now, (before?.updatedAt.getTime() ?? 0) + 1));
}
