// Log lines for errors: the database's reason first, even when the line is shortened.
import { describe, expect, it } from 'vitest';
import { errorText, rootCause } from '../../src/lib/server/error-text.ts';

describe('errorText', () => {
  it('puts the cause before a wrapping message, and keeps it when the line is cut', () => {
    const err = new Error(`Failed query: CREATE TABLE "site_settings" (${'x'.repeat(500)})`, { cause: new Error('database "tidak_ada" does not exist') });
    expect(errorText(err)).toMatch(/^database "tidak_ada" does not exist \(Failed query: CREATE TABLE/);
    const cut = errorText(err, 60);
    expect(cut).toBe(`${'database "tidak_ada" does not exist (Failed query: CREATE TA'}…`);
    expect(cut.length).toBe(61);
  });
  it('reads an error without a cause, and a thrown value that is not an Error', () => {
    expect(errorText(new Error('get_events: HTTP 503'))).toBe('get_events: HTTP 503');
    expect(errorText('putus')).toBe('putus');
    expect(errorText(undefined)).toBe('');
  });
  it('gives the innermost reason alone, without the query that met it', () => {
    const driver = new Error('database "gelora" does not exist');
    expect(rootCause(new Error('outer', { cause: new Error('Failed query: select 1\nparams: ', { cause: driver }) }))).toBe('database "gelora" does not exist');
    expect(rootCause(new Error('plain'))).toBe('plain');
    expect(rootCause('putus')).toBe('putus');
  });
});
