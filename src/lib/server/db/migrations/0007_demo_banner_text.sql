-- The first demo banner promised 'Koin gratis setiap hari', which members cannot claim yet (Isi Saldo
-- is 'segera hadir'); its image (public/banner/banner-1.svg) now says so, and a database seeded
-- before gets the alt text a fresh one is seeded with (content/seed.ts DEMO_BANNERS). An alt text
-- an admin wrote for that image stays.
UPDATE "banners" SET "alt_text" = 'Selamat bermain: Koin gratis harian segera hadir' WHERE "image_url" = '/banner/banner-1.svg' AND "alt_text" = 'Selamat bermain: Koin gratis setiap hari';
