/** The migrated template database that every PostgreSQL test database is copied from. */
export function templateName(databaseUrl: string): string {
  const base = new URL(databaseUrl).pathname.slice(1) || 'gelora';
  return `${base}_tpl`;
}
