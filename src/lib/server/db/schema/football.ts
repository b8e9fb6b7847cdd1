import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Lineups, MatchEvents, MatchStatus, StatisticRow } from '../../../shared/football/types.ts';

/** Leagues and cups, keyed by their apifootball.com league_id (also for the embedded dataset). */
export const footballLeagues = pgTable('football_leagues', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  country: text('country').notNull().default(''),
  logo: text('logo').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Clubs and national teams. external_id is the source's identity: 'af:<team_key>' for
 * apifootball.com, 'of:club:<name>' / 'of:nation:<name>' for the embedded openfootball data
 * (names after alias resolution, so one club is one row across seasons).
 */
export const footballTeams = pgTable('football_teams', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  externalId: text('external_id').notNull().unique(),
  name: text('name').notNull(),
  country: text('country').notNull().default(''),
  /** Badge URL; empty when the source has none (pages then show the default team image). */
  badge: text('badge').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One fixture or result. Scores are null until the source reports them: a match whose kick-off
 * has passed without a score is shown as played without a result, never with a guessed one.
 * score_* is the score to show (after extra time when there was some); ht_*, ft_* (90 minutes),
 * et_* and pen_* are the parts the source gives.
 */
export const footballMatches = pgTable(
  'football_matches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 'af:<match_id>' or 'of:<competition>:<season>:<stage>:<round>:<home>:<away>'. */
    externalId: text('external_id').notNull().unique(),
    leagueId: integer('league_id')
      .notNull()
      .references(() => footballLeagues.id),
    /** '2024-25' for leagues played across two years, '2026' for one-year competitions. */
    season: text('season').notNull(),
    round: text('round').notNull().default(''),
    /** Group of a group stage ('Group A'); null outside group stages. */
    groupName: text('group_name'),
    /** Whether the match belongs in the league table (not a play-off or knock-out tie). */
    countsForTable: boolean('counts_for_table').notNull().default(true),
    kickoffAt: timestamp('kickoff_at', { withTimezone: true }).notNull(),
    /** False when the source gives only the date (kick-off then shows as 'Jam menyusul'). */
    timeKnown: boolean('time_known').notNull().default(true),
    homeTeamId: integer('home_team_id')
      .notNull()
      .references(() => footballTeams.id),
    awayTeamId: integer('away_team_id')
      .notNull()
      .references(() => footballTeams.id),
    status: text('status').$type<MatchStatus>().notNull(),
    /** Minute while live ('67', '90+6', 'HT'); empty otherwise. */
    minute: text('minute').notNull().default(''),
    homeScore: integer('home_score'),
    awayScore: integer('away_score'),
    htHome: integer('ht_home'),
    htAway: integer('ht_away'),
    ftHome: integer('ft_home'),
    ftAway: integer('ft_away'),
    etHome: integer('et_home'),
    etAway: integer('et_away'),
    penHome: integer('pen_home'),
    penAway: integer('pen_away'),
    /** The shoot-out score comes from match reports, not from the source, whose own was impossible (level). */
    penFromReports: boolean('pen_from_reports').notNull().default(false),
    statistics: jsonb('statistics').$type<StatisticRow[]>().notNull().default([]),
    /** Goals, cards and substitutions; null when the source has no event data for the match. */
    events: jsonb('events').$type<MatchEvents>(),
    lineups: jsonb('lineups').$type<Lineups>(),
    referee: text('referee').notNull().default(''),
    venue: text('venue').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('football_matches_kickoff_idx').on(t.kickoffAt),
    index('football_matches_league_season_idx').on(t.leagueId, t.season),
    index('football_matches_home_idx').on(t.homeTeamId, t.kickoffAt),
    index('football_matches_away_idx').on(t.awayTeamId, t.kickoffAt),
    index('football_matches_live_idx').on(t.kickoffAt).where(sql`${t.status} = 'live'`),
    check(
      'football_matches_status',
      sql`${t.status} in ('scheduled', 'live', 'finished', 'awarded', 'postponed', 'cancelled', 'abandoned')`,
    ),
  ],
);

/**
 * Probabilities in percent (0–100) for one match, from the prediction model or the data provider;
 * `source` names which ('model' or the provider's name), and pages show it.
 */
export const footballPredictions = pgTable(
  'football_predictions',
  {
    matchId: integer('match_id')
      .primaryKey()
      .references(() => footballMatches.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    probHomeWin: doublePrecision('prob_home_win').notNull(),
    probDraw: doublePrecision('prob_draw').notNull(),
    probAwayWin: doublePrecision('prob_away_win').notNull(),
    probHomeOrDraw: doublePrecision('prob_home_or_draw').notNull(),
    probAwayOrDraw: doublePrecision('prob_away_or_draw').notNull(),
    probHomeOrAway: doublePrecision('prob_home_or_away').notNull(),
    probOver15: doublePrecision('prob_over_15').notNull(),
    probUnder15: doublePrecision('prob_under_15').notNull(),
    probOver25: doublePrecision('prob_over_25').notNull(),
    probUnder25: doublePrecision('prob_under_25').notNull(),
    probOver35: doublePrecision('prob_over_35').notNull(),
    probUnder35: doublePrecision('prob_under_35').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
);

/**
 * League tables as a provider publishes them (apifootball.com get_standings). The embedded
 * dataset has none: its tables are computed from results.
 */
export const footballStandings = pgTable(
  'football_standings',
  {
    leagueId: integer('league_id')
      .notNull()
      .references(() => footballLeagues.id),
    season: text('season').notNull(),
    teamId: integer('team_id')
      .notNull()
      .references(() => footballTeams.id),
    groupName: text('group_name').notNull().default(''),
    position: integer('position').notNull(),
    played: integer('played').notNull(),
    won: integer('won').notNull(),
    drawn: integer('drawn').notNull(),
    lost: integer('lost').notNull(),
    goalsFor: integer('goals_for').notNull(),
    goalsAgainst: integer('goals_against').notNull(),
    points: integer('points').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('football_standings_row').on(t.leagueId, t.season, t.groupName, t.teamId)],
);

/**
 * What each source last imported: the embedded import is skipped when its fingerprint is unchanged;
 * the prediction model's fit ('predictions') likewise. The apifootball.com history backfill keeps
 * one row per league, 'apifootball:history:<league id>', whose fingerprint is the interval of days
 * fetched ('2023-07-01/2026-11-19') and summary { windows, matches }.
 */
export const footballImports = pgTable('football_imports', {
  source: text('source').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  summary: jsonb('summary').$type<Record<string, number>>().notNull().default({}),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});

export type FootballMatchRow = typeof footballMatches.$inferSelect;
export type FootballTeamRow = typeof footballTeams.$inferSelect;
export type FootballPredictionRow = typeof footballPredictions.$inferSelect;
