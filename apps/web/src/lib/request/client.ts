/**
 * The one request client (SPEC.md sections 7 and 8) on fetch + AbortController. It never throws
 * for server or network trouble: every outcome is an envelope, and session errors get one central
 * reaction (session-policy.ts). DOM-free: the page injects storage, cookies, navigation and the alert.
 */
import { ErrorCode, HEADERS, PURCHASE_SOURCE, REQUEST_TIMEOUT_MS } from '@dropship/contract';
import { buildUrl, encodeBody, type PreparedRequest, prepare } from './build.js';
import { readCredentials } from './credentials.js';
import { networkFailure, parseEnvelope, signedOut, tooFrequent } from './envelope.js';
import { createPendingRegistry, pendingKey } from './pending.js';
import { createSessionPolicy } from './session-policy.js';
import { signHeaders } from './sign.js';
import type { DownloadExcelConfig, Envelope, RequestClient, RequestConfig, RequestEnvironment } from './types.js';

/** What reading a response gives: an envelope, or a file to save (downloadExcel). */
type Outcome = { envelope: Envelope<unknown> } | { blob: Blob };
type ReadBody = (res: Response) => Promise<Outcome>;

const isJson = (res: Response) => /[/+]json\b/i.test(res.headers.get('content-type') ?? '');

export function createRequestClient(env: RequestEnvironment): RequestClient {
  // Looked up per call, not captured: a polyfill or test may install fetch after the client is built.
  const fetchImpl: typeof fetch = env.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = env.now ?? Date.now;
  const baseUrl = env.baseUrl ?? '';
  const registry = createPendingRegistry();
  const session = createSessionPolicy(env);
  const brandSource = () => (typeof env.brandSource === 'function' ? env.brandSource() : env.brandSource);

  async function exchange(req: PreparedRequest, timeout: number, read: ReadBody): Promise<Outcome> {
    const headers = new Headers({ [HEADERS.brandSource]: brandSource() });
    const cred = readCredentials(env);
    if (cred.purchaser) headers.set(HEADERS.requestSource, PURCHASE_SOURCE);
    if (!req.flags.noToken && !cred.userHash) {
      // SPEC.md section 7: without a stored hash the call is not sent at all.
      session.toSignOn();
      return { envelope: signedOut() };
    }

    const controller = new AbortController();
    let cancelled = false;
    const key = pendingKey(req);
    // Claimed before any await, so two calls made back to back cancel in the order they were made.
    const release = key
      ? registry.claim(key, () => {
          cancelled = true;
          controller.abort();
        })
      : () => undefined;

    try {
      if (!req.flags.noToken && cred.userHash) {
        headers.set(HEADERS.token, cred.userHash);
        if (cred.userId) headers.set(HEADERS.userId, cred.userId);
        const { timestamp, sign } = await signHeaders(cred.userHash, now());
        headers.set(HEADERS.timestamp, timestamp);
        headers.set(HEADERS.sign, sign);
      }
      const { body, contentType } = encodeBody(req.data, req.flags);
      if (contentType) headers.set('content-type', contentType);

      const timer = setTimeout(() => controller.abort(), timeout);
      let outcome: Outcome;
      try {
        const res = await fetchImpl(buildUrl(baseUrl, req.url, req.params), { method: req.method, headers, body, signal: controller.signal });
        // Reading the body stays inside the timeout: a peer that sends headers and then stalls is a timeout too.
        outcome = await read(res);
      } catch {
        // Only fetch and reading the body can throw here, and each such failure is the transport's:
        // refused, dropped, timed out (aborted) or cancelled by a newer flagged call.
        return { envelope: cancelled ? tooFrequent() : networkFailure() };
      } finally {
        clearTimeout(timer);
      }
      if ('envelope' in outcome) session.apply(outcome.envelope);
      return outcome;
    } finally {
      release();
    }
  }

  const readJson: ReadBody = async (res) => ({ envelope: await parseEnvelope(await res.text()) });
  // A file answer; the server answers a request it refuses with the usual envelope instead.
  const readFile: ReadBody = async (res) => {
    if (isJson(res)) return { envelope: await parseEnvelope(await res.text()) };
    if (!res.ok) return { envelope: networkFailure() };
    return { blob: await res.blob() };
  };

  return {
    async request<T>(config: RequestConfig) {
      const outcome = await exchange(prepare(config), config.timeout ?? REQUEST_TIMEOUT_MS, readJson);
      return ('envelope' in outcome ? outcome.envelope : networkFailure()) as Envelope<T | null>;
    },

    /** A file in hand (a label PDF to print): the same headers and session policy as every call. */
    requestBlob(config: RequestConfig) {
      return exchange(prepare(config), config.timeout ?? REQUEST_TIMEOUT_MS, readFile);
    },

    async downloadExcel({ url, method = 'get', params, data, fileName }: DownloadExcelConfig) {
      const { saveBlob } = env;
      if (!saveBlob) throw new Error('createRequestClient: saveBlob is required for downloadExcel');
      const req = prepare({ method: method === 'post' ? 'POST' : 'GET', url, params, data });
      const outcome = await exchange(req, REQUEST_TIMEOUT_MS, readFile);
      if ('envelope' in outcome) return outcome.envelope;
      const name = /\.xlsx$/i.test(fileName ?? '') ? (fileName as string) : `${fileName ?? String(now())}.xlsx`;
      saveBlob(outcome.blob, name);
      return { errorCode: ErrorCode.OK, errorMsg: '成功', data: { fileName: name } };
    },
  };
}
