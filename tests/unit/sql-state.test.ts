// Which database failures the API answers 503 (try again) rather than 500 (our fault).
import { describe, expect, it } from 'vitest';
import { hasSqlState, isDatabaseBusy, isDatabaseRefusal, isDatabaseUnavailable, SQL_STATE } from '../../src/lib/server/db/sql-state.ts';

/** A driver error as node-postgres raises it, wrapped as drizzle wraps it. */
const wrapped = (fields: { code?: string; message?: string; routine?: string }) =>
  new Error('Failed query: select 1', { cause: Object.assign(new Error(fields.message ?? 'driver error'), fields) });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', { code: 'ECONNREFUSED' }],
    ['a connection exception (class 08)', { code: '08006' }],
    ['too many connections', { code: '53300' }],
    ['a session ended by an operator', { code: '57P01' }],
    ['a server starting up', { code: '57P03' }],
    // As PostgreSQL 15 words them when a new connection is refused.
    ['a database that does not exist (renamed or dropped)', { code: '3D000', message: 'database "gelora" does not exist', routine: 'InitPostgres' }],
    ['a role that may not log in', { code: '28000', message: 'role "gelora" is not permitted to log in', routine: 'InitializeSessionUserId' }],
    ['a role that does not exist', { code: '28000', message: 'role "gelora" does not exist' }],
    ['a wrong password', { code: '28P01', message: 'password authentication failed for user "gelora"' }],
    ['a database that does not allow connections', { code: '55000', message: 'database "gelora" is not currently accepting connections', routine: 'CheckMyDatabase' }],
    ['a revoked CONNECT privilege', { code: '42501', message: 'permission denied for database "gelora"', routine: 'CheckMyDatabase' }],
    ['the pool timing out on connect', { message: 'timeout exceeded when trying to connect' }],
    ['a dropped connection', { message: 'Connection terminated unexpectedly' }],
  ])('is true for %s', (_name, fields) => {
    expect(isDatabaseUnavailable(wrapped(fields))).toBe(true);
  });

  it('is true for a refused connection to a name with several addresses', () => {
    const refused = (address: string) => Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new AggregateError([refused('::1:5432'), refused('127.0.0.1:5432')]))).toBe(true);
  });

  it.each([
    ['a unique violation', { code: '23505' }],
    ['a syntax error', { code: '42601' }],
    ['a statement timeout (answered 503 on its own)', { code: '57014' }],
    ['a division by zero', { code: '22012' }],
    ['an object not in prerequisite state, raised by a query', { code: '55000', message: 'cannot refresh materialized view concurrently', routine: 'ExecRefreshMatView' }],
    ['a permission denied on a table', { code: '42501', message: 'permission denied for table members', routine: 'aclcheck_error' }],
    ['a plain bug', { message: "Cannot read properties of undefined (reading 'id')" }],
  ])('is false for %s, which stays a 500', (_name, fields) => {
    expect(isDatabaseUnavailable(wrapped(fields))).toBe(false);
  });
});

describe('hasSqlState', () => {
  it('finds the code however deep drizzle wrapped it', () => {
    expect(hasSqlState(new Error('outer', { cause: wrapped({ code: '23505' }) }), SQL_STATE.uniqueViolation)).toBe(true);
    expect(hasSqlState(wrapped({ code: '23503' }), SQL_STATE.uniqueViolation)).toBe(false);
  });
});

describe('isDatabaseBusy', () => {
  it('is true for a statement timeout and for an unreachable server, false for a fault', () => {
    expect(isDatabaseBusy(wrapped({ code: '57014' }))).toBe(true);
    expect(isDatabaseBusy(wrapped({ code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseBusy(wrapped({ code: '42P01' }))).toBe(false);
  });
});

describe('isDatabaseRefusal', () => {
  it('is true where only an operator can help (role, database, CONNECT), false for what passes by itself', () => {
    for (const fields of [
      { code: '3D000' },
      { code: '28P01' },
      { code: '28000' },
      { code: '55000', routine: 'CheckMyDatabase' },
      { code: '42501', routine: 'CheckMyDatabase' },
    ]) {
      expect(isDatabaseRefusal(wrapped(fields)), JSON.stringify(fields)).toBe(true);
    }
    for (const fields of [{ code: 'ECONNREFUSED' }, { code: '53300' }, { code: '57P01' }, { code: '57014' }, { code: '42501', routine: 'aclcheck_error' }]) {
      expect(isDatabaseRefusal(wrapped(fields)), JSON.stringify(fields)).toBe(false);
    }
  });
});
