// Manual match results (owner only; see permissions.ts): for a match the data source has not
// finished, the owner sets status and the HT/FT score. Audited in the same transaction; then every
// football cache is dropped so the match page and the computed standings show it at once, and the
// `onManualResult` hook runs (context.ts wires it to the predictions service's debounced refit).
//
// A later import from the source overwrites the row like any other: once the source finishes the
// match, its result is the one shown. A save from a form rendered before the result last changed
// (another save, or the source's live score) is refused, as a stale content form's is.
import { aliasedTable, and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { footballLeagues, footballMatches, footballTeams } from '../db/schema/index.ts';
import * as audit from './audit.ts';
import { MatchNotStartedError, NotFoundError, StaleResultError } from './errors.ts';
import { UNPLAYED, type MatchResultInput } from '../../shared/schemas/memos.ts';
import { resultVersion, type StoredResult } from '../../shared/admin-match-summary.ts';
import type { MatchStatus } from '../../shared/football/types.ts';

/** A match of the results page: its result line's fields (status, FT, and extra time and the shoot-out from the data source, which the form has no fields for), and the half-time score. */
export interface AdminMatchRow extends StoredResult {
  /** As stored (football_matches.status), which the public pages' state is read from. */
  status: MatchStatus;
  id: number;
  league: string;
  home: string;
  away: string;
  kickoffAt: Date;
  timeKnown: boolean;
}

export interface MatchResultDeps {
  /** The football pages' clock (FOOTBALL_CLOCK, else the real one). */
  now: () => Date;
  /** Drops the football service's caches (match page, standings, lists). */
  invalidate: () => void;
  /** Called after a manual result is stored, e.g. to refit predictions. Errors are logged, not thrown. */
  onManualResult?: (matchId: number) => void | Promise<void>;
}

const WIB_MS = 7 * 3_600_000;

/** The UTC instant at which the WIB day 'YYYY-MM-DD' starts. */
function wibDayStart(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - WIB_MS);
}

const RESULT_COLUMNS = {
  status: footballMatches.status,
  htHome: footballMatches.htHome,
  htAway: footballMatches.htAway,
  ftHome: footballMatches.ftHome,
  ftAway: footballMatches.ftAway,
  etHome: footballMatches.etHome,
  etAway: footballMatches.etAway,
  penHome: footballMatches.penHome,
  penAway: footballMatches.penAway,
  homeScore: footballMatches.homeScore,
  awayScore: footballMatches.awayScore,
};

export function createMatchResultService(db: Db, deps: MatchResultDeps) {
  const home = aliasedTable(footballTeams, 'home_team');
  const away = aliasedTable(footballTeams, 'away_team');

  return {
    /** The matches of one WIB day, by kick-off. */
    async day(date: string): Promise<AdminMatchRow[]> {
      const from = wibDayStart(date);
      const to = new Date(from.getTime() + 86_400_000);
      return db
        .select({
          id: footballMatches.id,
          league: footballLeagues.name,
          home: home.name,
          away: away.name,
          kickoffAt: footballMatches.kickoffAt,
          timeKnown: footballMatches.timeKnown,
          status: footballMatches.status,
          htHome: footballMatches.htHome,
          htAway: footballMatches.htAway,
          ftHome: footballMatches.ftHome,
          ftAway: footballMatches.ftAway,
          etHome: footballMatches.etHome,
          etAway: footballMatches.etAway,
          penHome: footballMatches.penHome,
          penAway: footballMatches.penAway,
          homeScore: footballMatches.homeScore,
          awayScore: footballMatches.awayScore,
        })
        .from(footballMatches)
        .innerJoin(footballLeagues, eq(footballLeagues.id, footballMatches.leagueId))
        .innerJoin(home, eq(home.id, footballMatches.homeTeamId))
        .innerJoin(away, eq(away.id, footballMatches.awayTeamId))
        .where(and(gte(footballMatches.kickoffAt, from), lt(footballMatches.kickoffAt, to)))
        .orderBy(asc(footballMatches.kickoffAt), asc(footballMatches.id))
        .limit(500);
    },

    /**
     * Stores a result (only owners may). `shown` is the resultVersion the form was rendered with:
     * when the stored result has changed since, the save is refused (StaleResultError). Omitted by
     * API callers that edit without a page.
     */
    async setResult(actor: audit.Actor, id: number, input: MatchResultInput, options: { shown?: string | undefined; log?: (err: unknown) => void } = {}) {
      const after = await db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ ...RESULT_COLUMNS, kickoffAt: footballMatches.kickoffAt })
          .from(footballMatches)
          .where(eq(footballMatches.id, id))
          .for('update');
        if (!locked) throw new NotFoundError(`match ${id}`);
        const { kickoffAt, ...before } = locked;
        if (options.shown !== undefined && options.shown !== resultVersion(before)) throw new StaleResultError();
        // No result, not even 0-0 or a walkover, for a match still to kick off: the standings and the
        // model would take it in as played.
        if (!UNPLAYED.has(input.status) && kickoffAt > deps.now()) throw new MatchNotStartedError();
        // The form has no fields for extra time or a shoot-out. They stay while the status and the
        // 90-minute score do (a save that changes nothing, or only the half-time score, must not
        // turn a final won on penalties into a draw); a new status or FT score drops them, as they
        // would no longer follow from it. The score shown is then the one after extra time.
        const keepsExtra = input.status === before.status && input.ftHome === before.ftHome && input.ftAway === before.ftAway;
        const extra = keepsExtra
          ? { etHome: before.etHome, etAway: before.etAway, penHome: before.penHome, penAway: before.penAway }
          : { etHome: null, etAway: null, penHome: null, penAway: null };
        const [row] = await tx
          .update(footballMatches)
          .set({
            status: input.status,
            minute: '',
            htHome: input.htHome,
            htAway: input.htAway,
            ftHome: input.ftHome,
            ftAway: input.ftAway,
            homeScore: extra.etHome ?? input.ftHome,
            awayScore: extra.etAway ?? input.ftAway,
            ...extra,
            updatedAt: new Date(),
          })
          .where(eq(footballMatches.id, id))
          .returning(RESULT_COLUMNS);
        await audit.record(tx, actor, { action: 'match.result', target: `match:${id}`, before, after: row });
        return row!;
      });
      deps.invalidate();
      if (deps.onManualResult) {
        await Promise.resolve()
          .then(() => deps.onManualResult!(id))
          .catch((err: unknown) => options.log?.(err));
      }
      return after;
    },
  };
}

export type MatchResultService = ReturnType<typeof createMatchResultService>;
