/**
 * Security headers on every answer (pages and API) through @fastify/helmet; docs/security.md
 * explains each choice. The Content-Security-Policy is what the pages need and no more:
 * - scripts and styles from our origin; antd writes its CSS-in-JS into <style> tags, hence
 *   'unsafe-inline' for styles only; zxing's barcode reader compiles WebAssembly ('wasm-unsafe-eval');
 * - the C-Lodop print service on the user's own machine: its CLodopfuncs.js script and its
 *   WebSocket on localhost / 127.0.0.1, http ports 8000 and 18000, https 8443 (research/labels.md).
 *   Outside production any loopback port is allowed, so the browser tests' C-Lodop emulator and
 *   the channel emulators (random loopback ports) work;
 * - images from data: and blob: (the captcha, Fabric.js exports and previews), PDFs in blob: frames;
 * - frame-ancestors 'self': no other site may frame the pages (clickjacking).
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export const CLODOP_HTTP_PORTS = [8000, 18000];
export const CLODOP_HTTPS_PORT = 8443;
const LOOPBACK = ['localhost', '127.0.0.1'];

/** The C-Lodop sources: script/fetch (http, https) and WebSocket (ws, wss) on loopback. */
export function localPrintSources(production: boolean): { scripts: string[]; sockets: string[] } {
  if (!production) {
    return {
      scripts: LOOPBACK.flatMap((h) => [`http://${h}:*`, `https://${h}:*`]),
      sockets: LOOPBACK.flatMap((h) => [`ws://${h}:*`, `wss://${h}:*`]),
    };
  }
  return {
    scripts: LOOPBACK.flatMap((h) => [...CLODOP_HTTP_PORTS.map((p) => `http://${h}:${p}`), `https://${h}:${CLODOP_HTTPS_PORT}`]),
    sockets: LOOPBACK.flatMap((h) => [...CLODOP_HTTP_PORTS.map((p) => `ws://${h}:${p}`), `wss://${h}:${CLODOP_HTTPS_PORT}`]),
  };
}

export function contentSecurityPolicy(production: boolean) {
  const local = localPrintSources(production);
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...local.scripts],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'blob:', 'data:', ...local.scripts, ...local.sockets],
      workerSrc: ["'self'", 'blob:'],
      frameSrc: ["'self'", 'blob:', 'data:', ...(production ? [] : local.scripts)],
      objectSrc: ["'self'", 'blob:'],
      mediaSrc: ["'self'", 'blob:', 'data:'],
      baseUri: ["'self'"],
      frameAncestors: ["'self'"],
    },
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, production: boolean) {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: contentSecurityPolicy(production),
    // The Alipay cashier and the platforms' consent pages open in new windows that report back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Same-origin requests keep the full address (the pages' own analytics); other sites get the origin only.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HTTPS-only is the deployment's decision (behind its TLS proxy), never forced on a plain-http demo.
    strictTransportSecurity: production ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    xFrameOptions: { action: 'sameorigin' },
  });
}
