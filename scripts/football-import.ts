// npm run football:import [-- --force]: brings the football data into the database now. With the
// embedded data it imports when the files changed since the last import (--force: anyway); with an
// apifootball.com key it runs a full sync and waits for all of it, however slow the provider (the
// server's start waits 20 s and lets the rest go on in the background; a command must not close the
// database under it). Then the prediction model is refitted (skipped when nothing changed).
// Exit code 1 when the data is missing or the sync failed, for every league or for some.
import { boot, shutdown } from '../src/lib/server/boot.ts';
import { exitOnError } from '../src/lib/server/fatal.ts';

const force = process.argv.includes('--force');
// A bad setting, the server holding the embedded database, a database that is not there: one line.
const services = await boot({ football: false }).catch(exitOnError);
const { source } = services.football;
try {
  const report = await source.prepare({ force, whole: true });
  // The sync's writes scheduled refits of their own (a few seconds after each): the one below covers them.
  services.predictions.stop();
  console.log(JSON.stringify({ source: source.name, ...report }, null, 2));
  if (report.status === 'missing' || report.status === 'failed' || report['failedLeagues']) process.exitCode = 1;
  if (report.status !== 'missing' && report.status !== 'failed') {
    console.log(JSON.stringify({ predictions: await services.predictions.refit({ force }) }, null, 2));
  }
} finally {
  // A refit that started during the sync finishes before the database closes under it.
  await shutdown(services);
}
