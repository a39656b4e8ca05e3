/**
 * What the logs may hold: no personal data (receivers' names, phones and addresses, passwords,
 * tokens). A failed query's error carries its SQL parameters (drizzle's "params: …", PostgreSQL's
 * "Key (phone)=(…)" detail), and that is exactly where receivers and phones sit, so every logged
 * `err` goes through `safeError`: the SQL text and the database's error code stay, the values go.
 * The redact paths cover fields that a log call might pass by name.
 */
import type { FastifyServerOptions } from 'fastify';

const REDACTED = '[已隐藏]';

/** Removes the bound values from a message or stack: drizzle's "params: …" part. */
// In a stack the values end where the first "    at" frame starts; the frames are kept.
const scrub = (s: unknown) => (typeof s === 'string' ? s.replace(/\nparams:[\s\S]*?(?=\n\s+at |$)/, `\nparams: ${REDACTED}`) : undefined);

type Loggable = { [key: string]: unknown; type: string; message: string; stack: string };

export function safeError(err: unknown, depth = 0): Loggable {
  if (!(err instanceof Error)) return { type: typeof err, message: scrub(String(err)) ?? '', stack: '' };
  const e = err as Error & { code?: unknown; query?: unknown };
  const out: Loggable = { type: e.name || 'Error', message: scrub(e.message) ?? '', stack: scrub(e.stack) ?? '' };
  if (e.code !== undefined) out.code = e.code;
  if (typeof e.query === 'string') out.query = e.query;
  // PostgreSQL's `detail` and `where` may quote row values; they are left out on purpose.
  if (e.cause && depth < 3) out.cause = safeError(e.cause, depth + 1);
  return out;
}

/** Field names whose values never reach a log line, at any of the first two levels of a log object. */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'oldPassword',
  'payPassword',
  'token',
  'userHash',
  'receiverName',
  'receiverPhone',
  'receiverMobile',
  'receiverAddress',
  'phone',
  'mobile',
  'address',
];

export const logRedact = {
  paths: [
    'req.headers.cookie',
    'req.headers["x-token"]',
    'req.headers.authorization',
    'res.headers["set-cookie"]',
    ...SECRET_KEYS,
    ...SECRET_KEYS.map((k) => `*.${k}`),
  ],
  censor: REDACTED,
};

/** Options every server logger gets (fastify's and main.ts's pino): redaction and the safe error serializer. */
export const safeLogOptions = {
  redact: logRedact,
  serializers: { err: safeError, error: safeError },
};

/** Fastify's logger option with the safe options added (false stays false). */
export const safeLogger = (logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] =>
  logger && typeof logger === 'object' ? { ...safeLogOptions, ...logger } : logger;
