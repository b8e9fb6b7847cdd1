// npm run db:seed: migrates, then adds the demo content that is missing (never overwrites edits).
import { boot } from '../src/lib/server/boot.ts';
import { exitOnError } from '../src/lib/server/fatal.ts';

// A bad setting, the server holding the embedded database, a database that is not there: one line.
const services = await boot({ migrate: true, seed: true }).catch(exitOnError);
console.log(`demo content seeded (${services.database.kind})`);
await services.database.close();
