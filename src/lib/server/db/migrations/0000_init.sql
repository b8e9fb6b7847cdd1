CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"site_name" text NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"running_text" text DEFAULT '' NOT NULL,
	"app_download_url" text DEFAULT '' NOT NULL,
	"article_html" text DEFAULT '' NOT NULL,
	"live_chat_id" text DEFAULT '' NOT NULL,
	"meta_tags_html" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK ("site_settings"."id" = 1)
);
