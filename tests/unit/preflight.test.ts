// A failed listen() is said in one line naming HOST or PORT; any other failure of a start is not.
import { describe, expect, it } from 'vitest';
import { isListenFailure, listenError } from '../../src/lib/server/preflight.ts';

const errno = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('listen failures', () => {
  it('takes only the socket refusing to listen for one', () => {
    for (const code of ['EADDRINUSE', 'EACCES', 'ENOTFOUND', 'EAI_AGAIN', 'EADDRNOTAVAIL']) expect(isListenFailure(errno(code)), code).toBe(true);
    // A plugin that failed while Fastify got ready is a bug, kept with its stack.
    expect(isListenFailure(new Error('Plugin did not start in time'))).toBe(false);
    expect(isListenFailure(errno('ERR_AVV_PLUGIN_TIMEOUT'))).toBe(false);
    expect(isListenFailure('EADDRINUSE')).toBe(false);
  });

  it('names the setting to change', () => {
    expect(listenError(errno('EADDRINUSE'), 'localhost', 4321).message).toBe('Port 4321 on localhost is already in use: stop what listens there, or set PORT.');
    expect(listenError(errno('ENOTFOUND', 'getaddrinfo ENOTFOUND bogus.invalid'), 'bogus.invalid', 4321).message).toMatch(/^HOST=bogus\.invalid is no address of this machine/);
  });
});
