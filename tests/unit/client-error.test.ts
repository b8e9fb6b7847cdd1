// What the server writes on a socket whose request Node's HTTP parser refused (src/api/errors.ts).
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { clientError } from '../../src/api/errors.ts';

function fakeSocket(extra: Record<string, unknown> = {}) {
  const written: string[] = [];
  let destroyed = false;
  const socket = {
    writable: true,
    get destroyed() {
      return destroyed;
    },
    write: (s: string) => written.push(s),
    destroy: () => {
      destroyed = true;
    },
    ...extra,
  };
  return { socket: socket as unknown as Socket, written, isDestroyed: () => destroyed };
}

const failure = (code: string) => Object.assign(new Error(code), { code });

describe('client errors', () => {
  it("answers with Node's status and an Indonesian JSON message, then closes", () => {
    const cases: [string, string, string][] = [
      ['HPE_HEADER_OVERFLOW', '431 Request Header Fields Too Large', 'Alamat atau header permintaan terlalu panjang.'],
      ['HPE_CHUNK_EXTENSIONS_OVERFLOW', '413 Payload Too Large', 'Data yang dikirim terlalu besar.'],
      ['ERR_HTTP_REQUEST_TIMEOUT', '408 Request Timeout', 'Permintaan terlalu lama. Silahkan coba lagi.'],
      ['HPE_INVALID_METHOD', '400 Bad Request', 'Permintaan tidak valid.'],
    ];
    for (const [code, statusLine, message] of cases) {
      const { socket, written, isDestroyed } = fakeSocket();
      clientError(failure(code), socket);
      expect(written, code).toHaveLength(1);
      const [head, body] = written[0]!.split('\r\n\r\n');
      expect(head!.split('\r\n')[0], code).toBe(`HTTP/1.1 ${statusLine}`);
      expect(JSON.parse(body!)).toEqual({ message });
      expect(head).toContain(`Content-Length: ${Buffer.byteLength(body!)}`);
      expect(isDestroyed()).toBe(true);
    }
  });

  it('writes nothing into a response already under way, nor to a reset connection', () => {
    const busy = fakeSocket({ _httpMessage: { headersSent: true } });
    clientError(failure('HPE_INVALID_CHUNK_SIZE'), busy.socket);
    expect(busy.written).toEqual([]);
    expect(busy.isDestroyed()).toBe(true);
    const reset = fakeSocket();
    clientError(failure('ECONNRESET'), reset.socket);
    expect(reset.written).toEqual([]);
  });
});
