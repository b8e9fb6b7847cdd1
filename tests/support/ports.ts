// A TCP port on loopback that nothing listens on at the moment it is asked for: for a server a test
// starts itself, so that its checks can only reach that server.
import net, { type AddressInfo } from 'node:net';

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
