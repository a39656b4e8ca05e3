/**
 * Test support: a tiny real HTTP peer on 127.0.0.1 for what the demo server cannot do on demand
 * (answer slowly, stall, drop the connection, send HTML or a spreadsheet). It records every request.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface Peer {
  baseUrl: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const XLSX_BYTES = Buffer.from('PK\u0003\u0004fake-xlsx-bytes');

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

function answer(req: SeenRequest, res: ServerResponse) {
  const url = new URL(req.url, 'http://peer');
  const echo = { method: req.method, path: url.pathname, query: url.search, headers: req.headers, body: req.body.toString('latin1') };
  switch (url.pathname) {
    case '/slow':
      setTimeout(() => json(res, 200, { errorCode: 0, errorMsg: '成功', data: echo }), Number(url.searchParams.get('ms') ?? 200));
      return;
    case '/stall':
      return; // never answers
    case '/stall-body':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"errorCode":0,');
      return; // headers and half a body, then nothing
    case '/drop':
      res.socket?.destroy();
      return;
    case '/html':
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>502 Bad Gateway</body></html>');
      return;
    case '/not-envelope':
      return json(res, 200, { version: '1.9.0' });
    case '/xlsx':
      res.writeHead(200, { 'content-type': XLSX_TYPE }).end(XLSX_BYTES);
      return;
    case '/xlsx-error-page':
      res.writeHead(500, { 'content-type': 'text/plain' }).end('boom');
      return;
    case '/code':
      return json(res, 200, { errorCode: Number(url.searchParams.get('code')), errorMsg: 'from peer', data: null });
    default:
      return json(res, 200, { errorCode: 0, errorMsg: '成功', data: echo });
  }
}

export async function startPeer(): Promise<Peer> {
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      seen.push(r);
      answer(r, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nobody listens on: bound, read, and released again. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
