/** Options every channel client factory takes (createMarketplaceClient passes them through). */
import { DEFAULT_RETRY, type RetryOptions, withRetry } from './retry.ts';
import type { ChannelEndpoint, MarketplaceClient } from './types.ts';

export interface MarketplaceClientOptions {
  fetch?: typeof fetch;
  now?: () => Date;
  /** Tries and first backoff wait for retryable errors. Default 4 tries, 500 ms. */
  retry?: { attempts: number; baseDelayMs: number; maxDelayMs?: number };
  /** Orders per list page (each platform caps it; the client clamps). Default: the platform's maximum. */
  pageSize?: number;
  /** Per-request timeout. Default 20 s. */
  timeoutMs?: number;
}

export type MarketplaceClientFactory = (endpoint: ChannelEndpoint, opts?: MarketplaceClientOptions) => MarketplaceClient;

/** The resolved options a client works with. */
export interface ClientContext {
  endpoint: ChannelEndpoint;
  fetch: typeof fetch;
  now: () => Date;
  timeoutMs: number;
  pageSize: (platformMax: number) => number;
  /** Runs one platform call with the configured retry policy. */
  retry: <T>(fn: () => Promise<T>) => Promise<T>;
}

export function clientContext(endpoint: ChannelEndpoint, opts: MarketplaceClientOptions = {}): ClientContext {
  const retry: RetryOptions = { ...DEFAULT_RETRY, ...opts.retry };
  return {
    endpoint,
    fetch: opts.fetch ?? ((input, init) => fetch(input, init)),
    now: opts.now ?? (() => new Date()),
    timeoutMs: opts.timeoutMs ?? 20_000,
    pageSize: (max) => Math.max(1, Math.min(max, Math.floor(opts.pageSize ?? max))),
    retry: (fn) => withRetry(() => fn(), retry),
  };
}

/** Joins a base URL and a path without doubling or dropping the slash. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
