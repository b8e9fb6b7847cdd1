// Renders .env.example from the configuration schema, so the file can never drift from it.
import { envDescriptions, envSchema } from '../../env-schema.ts';

export function render(): string {
  const lines = [
    '# Gelora configuration. Every variable is optional: the defaults serve the site on',
    '# http://localhost:4321 with the embedded database. Generated from src/env-schema.ts',
    '# by `npm run env:example`; edit the schema, not this file.',
  ];
  for (const [key, field] of Object.entries(envSchema)) {
    const description = envDescriptions[key as keyof typeof envSchema];
    const value = 'default' in field && field.default !== undefined ? String(field.default) : '';
    lines.push('', `# ${description}`);
    lines.push('default' in field && field.default !== undefined ? `${key}=${value}` : `# ${key}=`);
  }
  return lines.join('\n') + '\n';
}
