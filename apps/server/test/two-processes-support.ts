/**
 * What two-processes.test.ts needs around the servers: a round-robin HTTP proxy standing in for the
 * load balancer (node:http, one backend after the other, a backend that refuses connections is
 * dropped), the real server started from its sources as a child process with its own env (as
 * durability.test.ts does), and signed calls over HTTP.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEADERS } from '@dropship/contract';
import { expectedSign } from '../src/plugins/auth.js';
import { freePort } from './free-port.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Served {
  method: string;
  path: string;
  /** The backend's port. */
  port: number;
}

export interface Balancer {
  url: string;
  /** Every request forwarded, in order, with the backend that answered it. */
  served: Served[];
  close(): Promise<void>;
}

function forward(port: number, method: string, url: string, headers: IncomingHttpHeaders, body: Buffer) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    // A new connection per request (no agent): a killed backend cannot leave a pooled socket behind.
    const out = request({ host: '127.0.0.1', port, method, path: url, headers, agent: false }, resolve);
    out.once('error', reject);
    out.end(body);
  });
}

/** A load balancer in front of `ports`: each request goes to the next backend, as nginx's round robin does. */
export async function startRoundRobinProxy(ports: number[]): Promise<Balancer> {
  const served: Served[] = [];
  const down = new Set<number>();
  let next = 0;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    // What nginx's proxy_set_header lines send (docs/deployment.md): the client's address appended, the scheme.
    const client = req.socket.remoteAddress ?? '';
    const prior = req.headers['x-forwarded-for'];
    const headers: IncomingHttpHeaders = {
      ...req.headers,
      'x-forwarded-for': prior ? `${prior}, ${client}` : client,
      'x-forwarded-proto': 'http',
      'content-length': String(body.length),
    };
    // Hop-by-hop headers are the proxy's own: each backend request is one connection, closed after it.
    for (const h of ['transfer-encoding', 'connection', 'keep-alive']) delete headers[h];
    headers.connection = 'close';
    for (let tries = 0; tries < ports.length; tries++) {
      const port = ports[next++ % ports.length] as number;
      if (down.has(port)) continue;
      try {
        const answer = await forward(port, req.method ?? 'GET', req.url ?? '/', headers, body);
        served.push({ method: req.method ?? 'GET', path: req.url ?? '/', port });
        const back = { ...answer.headers };
        delete back.connection;
        delete back['keep-alive'];
        res.writeHead(answer.statusCode ?? 502, back);
        answer.pipe(res);
        return;
      } catch (e) {
        // Refused: the process is gone (killed); the next backend takes the request.
        if ((e as NodeJS.ErrnoException).code !== 'ECONNREFUSED') break;
        down.add(port);
      }
    }
    res.writeHead(502, { 'content-type': 'text/plain' });
    res.end('no backend answered');
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The test's fetch keeps its connections open: close() alone would wait for them.
        server.closeAllConnections();
      }),
  };
}

export interface ServerProcess {
  proc: ChildProcess;
  port: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

/** `node --import tsx apps/server/src/main.ts` on `port` with `env` over the worker's own (no DATA_DIR database: env names DATABASE_URL). */
export function startServerProcess(port: number, env: Record<string, string>): ServerProcess {
  const full: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env };
  delete full.TEST_DATABASE_URL;
  delete full.NODE_ENV;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: repoRoot, env: full, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout?.on('data', (d) => (out += d));
  proc.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  return { proc, port, exited, output: () => out };
}

export async function waitHealthy(s: ServerProcess, timeoutMs: number) {
  let gone = false;
  void s.exited.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`server exited before it was healthy:\n${s.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${s.port}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not healthy in ${timeoutMs} ms:\n${s.output()}`);
}

export interface Envelope<T = Record<string, unknown>> {
  errorCode: number;
  errorMsg: string;
  data: T;
}

export interface HttpSession {
  userId: number;
  token: string;
}

/** The headers a signed-in page sends on a call, with the anti-forgery signature. */
export function signed(s: HttpSession): Record<string, string> {
  const ts = String(Date.now());
  return { [HEADERS.token]: s.token, [HEADERS.userId]: String(s.userId), [HEADERS.timestamp]: ts, [HEADERS.sign]: expectedSign(s.token, ts) };
}

/** One JSON call to `base` (the proxy, or one process), signed when a session is given. */
export async function callJson<T = Record<string, unknown>>(
  base: string,
  method: string,
  url: string,
  o: { session?: HttpSession; body?: unknown; raw?: { payload: Buffer; headers: Record<string, string> } } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { ...(o.session ? signed(o.session) : {}), ...(o.raw?.headers ?? {}) };
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  const body = o.raw ? new Uint8Array(o.raw.payload) : o.body === undefined ? undefined : JSON.stringify(o.body);
  const res = await fetch(`${base}${url}`, { method, headers, body });
  return (await res.json()) as Envelope<T>;
}

/** Polls `probe` until it answers something other than undefined. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number, everyMs = 150): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const v = await probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}
