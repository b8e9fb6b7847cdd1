import fs from 'node:fs';
import { expect, it } from 'vitest';
import { envSchema } from '../../src/env-schema.ts';

it('the README documents every configuration variable and the two commands', () => {
  const readme = fs.readFileSync('README.md', 'utf8');
  for (const key of Object.keys(envSchema)) expect(readme).toContain(`| \`${key}\` |`);
  expect(readme).toContain('npm ci && npm start');
  expect(readme).toContain('npm test');
});
