/** Shapes of the request client (SPEC.md section 7): what a caller passes and what the page injects. */
import type { Envelope } from '@dropship/contract';

export type { Envelope };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The legacy per-call flags. They steer the client and are never sent to the server. */
export interface RequestFlags {
  /** Send without x-token / x-user-id / the anti-forgery pair (sign-in, public calls). */
  noToken?: boolean;
  /** Body as application/x-www-form-urlencoded instead of JSON. */
  formData?: boolean;
  /** Body as multipart/form-data; Blob/File values become file parts. */
  isFile?: boolean;
  /** Cancel an earlier pending call with the same method, url, params and body. */
  abortFlag?: boolean;
  /** Cancel an earlier pending call with the same method and url, whatever its params and body. */
  abortFlag_URL?: boolean;
}

export type FlagName = keyof RequestFlags;
export const FLAG_NAMES: readonly FlagName[] = ['noToken', 'formData', 'isFile', 'abortFlag', 'abortFlag_URL'];

export interface RequestConfig extends RequestFlags {
  method: HttpMethod;
  /** Path under baseUrl, e.g. '/api/b2/user'. */
  url: string;
  /** Query parameters, serialized with qs. */
  params?: Record<string, unknown>;
  /** Body of POST/PUT/DELETE. For GET it is sent as query parameters (fetch cannot send a GET body). */
  data?: unknown;
  /** Milliseconds before the call gives up with errorCode -20; REQUEST_TIMEOUT_MS by default. */
  timeout?: number;
}

export interface DownloadExcelConfig {
  url: string;
  /** Lower case as the legacy helper took it; 'get' sends params as the query, 'post' sends data as JSON. */
  method?: 'get' | 'post';
  params?: Record<string, unknown>;
  data?: unknown;
  /** Saved as `${fileName}.xlsx`; the current timestamp when omitted. */
  fileName?: string;
}

/** Only what the client uses of window.localStorage, so a test can pass a Map-backed one. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Everything the client needs from the page. The core never touches window or document itself. */
export interface RequestEnvironment {
  /** Prefix of every url; '' (same origin) by default. */
  baseUrl?: string;
  storage: StorageLike;
  getCookie(name: string): string | null | undefined;
  /** Full-page navigation (the sign-on page is outside the single-page app's router). */
  navigate(url: string): void;
  /** The 10001 dialog; resolves when the user has confirmed it. */
  alertOnce(title: string, content: string, okText: string): Promise<void>;
  /** The x-source header value of this brand; a function when the brand is known only later. */
  brandSource: string | (() => string);
  /** The address put in the sign-on jump parameter; window.location.href in the browser. */
  currentHref?: () => string;
  /** Path of the sign-on page; '/login' by default. */
  loginPath?: string;
  /** Saves a downloaded spreadsheet. */
  saveBlob?: (blob: Blob, fileName: string) => void;
  fetch?: typeof fetch;
  now?: () => number;
}

export type BlobOutcome = { blob: Blob } | { envelope: Envelope<unknown> };

export interface RequestClient {
  request<T = unknown>(config: RequestConfig): Promise<Envelope<T | null>>;
  requestBlob(config: RequestConfig): Promise<BlobOutcome>;
  downloadExcel(config: DownloadExcelConfig): Promise<Envelope<unknown>>;
}
