// npm run db:seed: migrates, then adds the demo content that is missing (never overwrites edits).
import { boot } from '../src/lib/server/boot.ts';

const services = await boot({ migrate: true, seed: true });
console.log(`demo content seeded (${services.database.kind})`);
await services.database.close();
