import fs from 'node:fs';
import { expect, it } from 'vitest';
import { render } from '../../src/lib/server/env-example.ts';
import { envDescriptions, envSchema } from '../../src/env-schema.ts';

it('.env.example lists every configuration variable with its description (npm run env:example)', () => {
  const file = fs.readFileSync('.env.example', 'utf8');
  expect(file).toBe(render());
  for (const key of Object.keys(envSchema)) {
    expect(file).toMatch(new RegExp(`^(# )?${key}=`, 'm'));
    expect(file).toContain(envDescriptions[key as keyof typeof envSchema]);
  }
});
