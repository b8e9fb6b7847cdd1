// npm run db:migrate: applies the committed migrations (the server also does this at start).
import * as config from '../src/lib/server/config.ts';
import * as dbClient from '../src/lib/server/db/client.ts';
import * as migrations from '../src/lib/server/db/migrate.ts';
import { exitOnError } from '../src/lib/server/fatal.ts';

try {
  const cfg = config.load();
  const database = await dbClient.open({ databaseUrl: cfg.DATABASE_URL, pgliteDir: cfg.PGLITE_DIR });
  try {
    await migrations.run(database);
    console.log(`migrations applied (${database.kind})`);
  } finally {
    await database.close();
  }
} catch (err) {
  // A bad setting, the server holding the embedded database, a database that is not there: one line.
  exitOnError(err);
}
