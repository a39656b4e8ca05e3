/** HTTP plumbing shared by the local emulators: every one binds 127.0.0.1 only. */
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let s = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      s += c;
    });
    req.on('end', () => resolve(s));
    req.on('error', reject);
  });
}

/** Listens on the loopback address (port 0: any free port) and answers the port taken. */
export async function listenOnLoopback(server: Server, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}
