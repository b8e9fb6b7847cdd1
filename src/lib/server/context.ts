// The process's services, built once by src/main.ts. Astro's server bundle carries its own copy of
// the modules under lib/server, so the instance is shared through a global symbol rather than
// module state: both copies then see one database pool and one set of caches.
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createSettingsService } from './content/settings.ts';
import { createAccountService } from './auth/accounts.ts';
import { createContentService } from './content/service.ts';
import { createAdminService } from './admin/service.ts';
import { createFootball } from './football/index.ts';
import { createPredictionsService } from './predictions/service.ts';
import { createMemoService } from './memos/service.ts';
import { createMemberAdminService } from './admin/members.ts';
import { createMatchResultService } from './admin/matches.ts';

export function createServices(config: Config, database: Database) {
  const settings = createSettingsService(database.db);
  const football = createFootball(config, database.db);
  const predictions = createPredictionsService(config, database.db, { now: football.now, onChange: () => football.invalidate() });
  football.onResults(() => predictions.resultsChanged());
  const accounts = createAccountService(config, database.db);
  return {
    config,
    database,
    db: database.db,
    settings,
    accounts,
    content: createContentService(database.db, settings),
    admin: createAdminService(database.db, { deviceKey: accounts.deviceKey, totpKey: accounts.totpKey }),
    football,
    predictions,
    memos: createMemoService(database.db),
    memberAdmin: createMemberAdminService(database.db),
    // A manual result changes the model's inputs: refit (debounced) like after a provider sync.
    matchResults: createMatchResultService(database.db, {
      now: football.now,
      invalidate: () => football.invalidate(),
      onManualResult: () => predictions.resultsChanged(),
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

const KEY = Symbol.for('gelora.services');
type Holder = { [KEY]?: Services };

export function register(services: Services): void {
  (globalThis as Holder)[KEY] = services;
}

export function get(): Services {
  const services = (globalThis as Holder)[KEY];
  if (!services) throw new Error('Gelora services are not registered: start the site through src/main.ts');
  return services;
}
