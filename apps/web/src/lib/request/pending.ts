/**
 * Pending calls that carry an abort flag (SPEC.md section 5). A new flagged call cancels the
 * earlier pending one under the same key; calls without a flag are never registered or cancelled.
 */

import type { PreparedRequest } from './build.js';
import { stableStringify } from './build.js';

export function pendingKey(req: PreparedRequest): string | null {
  if (req.flags.abortFlag) return `full ${req.method} ${req.url} ${stableStringify(req.params ?? null)} ${stableStringify(req.data ?? null)}`;
  if (req.flags.abortFlag_URL) return `url ${req.method} ${req.url}`;
  return null;
}

export interface PendingRegistry {
  /** Cancels the earlier holder of key (if any) and registers cancel as the new one; returns the release. */
  claim(key: string, cancel: () => void): () => void;
}

export function createPendingRegistry(): PendingRegistry {
  const pending = new Map<string, () => void>();
  return {
    claim(key, cancel) {
      const earlier = pending.get(key);
      pending.set(key, cancel);
      earlier?.();
      return () => {
        // Only the current holder may free the slot; a cancelled call finishing late must not evict its successor.
        if (pending.get(key) === cancel) pending.delete(key);
      };
    },
  };
}
