/**
 * ChannelError kinds (packages/channels, marketplace/types.ts) → our error codes 14001–14007, so
 * the server answers a failed platform call with one Chinese message that says what to do. The
 * kinds are repeated here as strings because the contract does not depend on the channels package.
 */
import { ErrorCode } from './errors.js';

export const CHANNEL_ERROR_KINDS = ['TOKEN_EXPIRED', 'RATE_LIMITED', 'INVALID_SIGNATURE', 'SERVER_ERROR', 'BAD_REQUEST', 'NETWORK', 'NOT_FOUND'] as const;
export type ChannelErrorKindCode = (typeof CHANNEL_ERROR_KINDS)[number];

export const CHANNEL_ERROR_CODES: Record<ChannelErrorKindCode, ErrorCode> = {
  TOKEN_EXPIRED: ErrorCode.CHANNEL_TOKEN_EXPIRED,
  RATE_LIMITED: ErrorCode.CHANNEL_RATE_LIMITED,
  INVALID_SIGNATURE: ErrorCode.CHANNEL_INVALID_SIGNATURE,
  SERVER_ERROR: ErrorCode.CHANNEL_SERVER_ERROR,
  BAD_REQUEST: ErrorCode.CHANNEL_BAD_REQUEST,
  NETWORK: ErrorCode.CHANNEL_NETWORK,
  NOT_FOUND: ErrorCode.CHANNEL_NOT_FOUND,
};

/** The error code for a ChannelError kind; an unknown kind reads as a platform service error. */
export function channelErrorCode(kind: string): ErrorCode {
  return (CHANNEL_ERROR_CODES as Record<string, ErrorCode>)[kind] ?? ErrorCode.CHANNEL_SERVER_ERROR;
}
