// Drizzle schema, one file per domain. drizzle-kit reads this file to generate migrations.
export * from './content.ts';
export * from './members.ts';
export * from './admin.ts';
export * from './football.ts';
export * from './memos.ts';
