/**
 * A free port on 127.0.0.1 for a server a test starts later (its URL must be known first). Chosen
 * below the kernel's ephemeral range (32768 and up), so no outgoing connection — the many a
 * PostgreSQL pass opens beside the other suites — can take it between this check and the server's
 * listen; random, so parallel workers and suites do not reach for the same one.
 */
import { createServer } from 'node:net';

const LOW = 20_000;
const HIGH = 32_000;

function tryListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (await tryListen(port)) return port;
  }
  throw new Error('no free port between 20000 and 32000');
}
