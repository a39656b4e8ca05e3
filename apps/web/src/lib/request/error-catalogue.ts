/**
 * The error catalogue on its own, loaded by envelope.ts only for an answer without its message:
 * the request client's first load carries the codes, not every message (decision 0040).
 */
export { ERROR_MESSAGES } from '@dropship/contract';
