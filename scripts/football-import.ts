// npm run football:import [-- --force]: brings the football data into the database now. With the
// embedded data it imports when the files changed since the last import (--force: anyway); with an
// apifootball.com key it runs a full sync. Then the prediction model is refitted (skipped when nothing changed).
import { boot } from '../src/lib/server/boot.ts';

const force = process.argv.includes('--force');
const services = await boot({ football: false });
try {
  const { source } = services.football;
  const report = await source.prepare({ force });
  console.log(JSON.stringify({ source: source.name, ...report }, null, 2));
  if (report.status === 'missing' || report.status === 'failed') process.exitCode = 1;
  else console.log(JSON.stringify({ predictions: await services.predictions.refit({ force }) }, null, 2));
} finally {
  await services.database.close();
}
