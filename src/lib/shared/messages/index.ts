// The Indonesian message catalogue: every text a visitor or member reads comes from these files,
// one per domain. Spec texts are kept verbatim (including their spelling, e.g. 'Silahkan').
export * from './shell.ts';
export * from './api.ts';
export * from './auth.ts';
export * from './predictions.ts';
export * from './content.ts';
export * from './admin.ts';
export * from './football.ts';
export * from './memos.ts';
