/** Who the page is calling as (SPEC.md section 6). */
import { STORAGE_KEYS } from '@dropship/contract';
import type { RequestEnvironment } from './types.js';

export interface Credentials {
  userHash: string | null;
  userId: string | null;
  /** userType '1' in local storage: a purchaser or sub-account, who calls with x-request-source: purchase. */
  purchaser: boolean;
}

const COOKIE_USER_HASH = 'user_hash';
const COOKIE_USER_ID = 'user_id';

export function readCredentials(env: Pick<RequestEnvironment, 'storage' | 'getCookie'>): Credentials {
  const { storage } = env;
  const purchaser = storage.getItem(STORAGE_KEYS.userType) === '1';
  const stored = { userHash: storage.getItem(STORAGE_KEYS.userHash) || null, userId: storage.getItem(STORAGE_KEYS.userId) || null };
  // Purchasers sign in on a separate portal whose cookies may belong to a seller session in the same browser.
  if (purchaser) return { ...stored, purchaser };
  const cookieHash = env.getCookie(COOKIE_USER_HASH) || null;
  // Hash and id are taken as a pair: a cookie hash with a stored id of another account would be refused as 10000.
  if (cookieHash) return { userHash: cookieHash, userId: env.getCookie(COOKIE_USER_ID) || null, purchaser };
  return { ...stored, purchaser };
}
