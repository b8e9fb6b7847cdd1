// Migrations 0006 (banners.alt_text) and 0007 (the first demo banner's new text) on a database
// seeded before them: the demo banners, whose images are text on a background, get the alt texts a
// fresh database is seeded with; an admin's own banner stays without one (the lobby names it by its
// place), and an alt text an admin wrote stays as written.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as dbClient from '../../src/lib/server/db/client.ts';
import * as migrations from '../../src/lib/server/db/migrate.ts';
import { banners } from '../../src/lib/server/db/schema/index.ts';
import { DEMO_BANNERS } from '../../src/lib/server/content/seed.ts';
import { adminQuery, drivers } from '../support/db.ts';

const FOLDER = fileURLToPath(new URL('../../src/lib/server/db/migrations', import.meta.url));

/** A copy of the migrations folder that ends before `tag`. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gelora-migrations-'));
  fs.cpSync(FOLDER, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** A database migrated up to (not including) `tag`, and how to remove it. */
async function olderDatabase(driver: (typeof drivers)[number], tag: string) {
  const older = migrationsBefore(tag);
  let database: dbClient.Database;
  let drop = async () => {};
  if (driver === 'postgres') {
    const base = process.env['DATABASE_URL']!;
    const name = `gelora_t_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(base, `CREATE DATABASE "${name}"`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    database = await dbClient.open({ databaseUrl: url.href, pgliteDir: 'memory://', poolSize: 2 });
    drop = () => adminQuery(base, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: older });
  } else {
    database = await dbClient.open({ pgliteDir: 'memory://' });
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: older });
  }
  return {
    database,
    async close() {
      await database.close();
      await drop();
      fs.rmSync(older, { recursive: true, force: true });
    },
  };
}

const altTexts = (database: dbClient.Database) =>
  database.db.select({ imageUrl: banners.imageUrl, altText: banners.altText }).from(banners).orderBy(asc(banners.position));

describe.each(drivers)('banner alt texts on an older database [%s]', (driver) => {
  it("gives the seeded demo banners their texts and leaves an admin's banner without one", async () => {
    const { database, close } = await olderDatabase(driver, '0006_banner_alt_text');
    try {
      // As the seed and an admin left them before the column existed.
      await database.db.execute(sql`insert into banners (image_url, active, position) values
        ('/banner/banner-1.svg', true, 1), ('/banner/banner-2.svg', true, 2), ('/banner/banner-3.svg', false, 3), ('/banner/promo-lebaran.png', true, 4)`);
      await migrations.run(database);
      expect(await altTexts(database)).toEqual([
        ...DEMO_BANNERS.map(({ imageUrl, altText }) => ({ imageUrl, altText })),
        { imageUrl: '/banner/promo-lebaran.png', altText: '' },
      ]);
    } finally {
      await close();
    }
  });

  it("gives the first demo banner its new text, unless an admin wrote one", async () => {
    const { database, close } = await olderDatabase(driver, '0007_demo_banner_text');
    try {
      await database.db.execute(sql`insert into banners (image_url, alt_text, active, position) values
        ('/banner/banner-1.svg', 'Selamat bermain: Koin gratis setiap hari', true, 1),
        ('/banner/banner-1.svg', 'Tulisan admin sendiri', true, 2)`);
      await migrations.run(database);
      expect(await altTexts(database)).toEqual([
        { imageUrl: '/banner/banner-1.svg', altText: 'Selamat bermain: Koin gratis harian segera hadir' },
        { imageUrl: '/banner/banner-1.svg', altText: 'Tulisan admin sendiri' },
      ]);
    } finally {
      await close();
    }
  });
});
