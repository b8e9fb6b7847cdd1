CREATE TABLE "football_imports" (
	"source" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "football_leagues" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "football_matches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "football_matches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"external_id" text NOT NULL,
	"league_id" integer NOT NULL,
	"season" text NOT NULL,
	"round" text DEFAULT '' NOT NULL,
	"group_name" text,
	"counts_for_table" boolean DEFAULT true NOT NULL,
	"kickoff_at" timestamp with time zone NOT NULL,
	"time_known" boolean DEFAULT true NOT NULL,
	"home_team_id" integer NOT NULL,
	"away_team_id" integer NOT NULL,
	"status" text NOT NULL,
	"minute" text DEFAULT '' NOT NULL,
	"home_score" integer,
	"away_score" integer,
	"ht_home" integer,
	"ht_away" integer,
	"ft_home" integer,
	"ft_away" integer,
	"et_home" integer,
	"et_away" integer,
	"pen_home" integer,
	"pen_away" integer,
	"statistics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"events" jsonb,
	"lineups" jsonb,
	"referee" text DEFAULT '' NOT NULL,
	"venue" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "football_matches_external_id_unique" UNIQUE("external_id"),
	CONSTRAINT "football_matches_status" CHECK ("football_matches"."status" in ('scheduled', 'live', 'finished', 'awarded', 'postponed', 'cancelled', 'abandoned'))
);
--> statement-breakpoint
CREATE TABLE "football_predictions" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"prob_home_win" double precision NOT NULL,
	"prob_draw" double precision NOT NULL,
	"prob_away_win" double precision NOT NULL,
	"prob_home_or_draw" double precision NOT NULL,
	"prob_away_or_draw" double precision NOT NULL,
	"prob_home_or_away" double precision NOT NULL,
	"prob_over_15" double precision NOT NULL,
	"prob_under_15" double precision NOT NULL,
	"prob_over_25" double precision NOT NULL,
	"prob_under_25" double precision NOT NULL,
	"prob_over_35" double precision NOT NULL,
	"prob_under_35" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "football_standings" (
	"league_id" integer NOT NULL,
	"season" text NOT NULL,
	"team_id" integer NOT NULL,
	"group_name" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"played" integer NOT NULL,
	"won" integer NOT NULL,
	"drawn" integer NOT NULL,
	"lost" integer NOT NULL,
	"goals_for" integer NOT NULL,
	"goals_against" integer NOT NULL,
	"points" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "football_teams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "football_teams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"badge" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "football_teams_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
ALTER TABLE "football_matches" ADD CONSTRAINT "football_matches_league_id_football_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."football_leagues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "football_matches" ADD CONSTRAINT "football_matches_home_team_id_football_teams_id_fk" FOREIGN KEY ("home_team_id") REFERENCES "public"."football_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "football_matches" ADD CONSTRAINT "football_matches_away_team_id_football_teams_id_fk" FOREIGN KEY ("away_team_id") REFERENCES "public"."football_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "football_predictions" ADD CONSTRAINT "football_predictions_match_id_football_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."football_matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "football_standings" ADD CONSTRAINT "football_standings_league_id_football_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."football_leagues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "football_standings" ADD CONSTRAINT "football_standings_team_id_football_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."football_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "football_matches_kickoff_idx" ON "football_matches" USING btree ("kickoff_at");--> statement-breakpoint
CREATE INDEX "football_matches_league_season_idx" ON "football_matches" USING btree ("league_id","season");--> statement-breakpoint
CREATE INDEX "football_matches_home_idx" ON "football_matches" USING btree ("home_team_id","kickoff_at");--> statement-breakpoint
CREATE INDEX "football_matches_away_idx" ON "football_matches" USING btree ("away_team_id","kickoff_at");--> statement-breakpoint
CREATE INDEX "football_matches_live_idx" ON "football_matches" USING btree ("kickoff_at") WHERE "football_matches"."status" = 'live';--> statement-breakpoint
CREATE UNIQUE INDEX "football_standings_row" ON "football_standings" USING btree ("league_id","season","group_name","team_id");