/**
 * A small in-process limiter for public calls that write (page-view tracking): a fixed window of
 * `max` calls per address. In-process is enough here: the point is that one client cannot fill
 * the table, and several processes only multiply the allowance by their number. The map is
 * bounded: when full, the oldest windows are dropped.
 */
import { ErrorCode } from '@dropship/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

export function perAddressLimit(opts: { max: number; windowMs: number; maxKeys?: number }) {
  const windows = new Map<string, { start: number; count: number }>();
  const maxKeys = opts.maxKeys ?? 10_000;
  return async (req: FastifyRequest) => {
    const now = Date.now();
    let w = windows.get(req.ip);
    if (!w || now - w.start >= opts.windowMs) {
      if (!w && windows.size >= maxKeys) {
        for (const [key, old] of windows) {
          if (now - old.start >= opts.windowMs || windows.size >= maxKeys) windows.delete(key);
          if (windows.size < maxKeys / 2) break;
        }
      }
      w = { start: now, count: 0 };
      windows.delete(req.ip);
      windows.set(req.ip, w);
    }
    w.count += 1;
    if (w.count > opts.max) throw new AppError(ErrorCode.TOO_MANY_REQUESTS, undefined, 429);
  };
}
