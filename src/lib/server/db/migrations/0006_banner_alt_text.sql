ALTER TABLE "banners" ADD COLUMN "alt_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A database seeded before banners had alt texts holds the demo banners without one: they get the
-- texts a fresh database is seeded with (content/seed.ts DEMO_BANNERS; the integration test banner-alt-migration keeps the two
-- alike), as the images are text on a background. Other banners stay empty until an admin writes one.
UPDATE "banners" SET "alt_text" = 'Selamat bermain: Koin gratis setiap hari' WHERE "image_url" = '/banner/banner-1.svg';--> statement-breakpoint
UPDATE "banners" SET "alt_text" = 'Liga top Eropa: skor langsung dan klasemen' WHERE "image_url" = '/banner/banner-2.svg';--> statement-breakpoint
UPDATE "banners" SET "alt_text" = 'Bermain secukupnya: atur batas waktu bermain Anda' WHERE "image_url" = '/banner/banner-3.svg';
