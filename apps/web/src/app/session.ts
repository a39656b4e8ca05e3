/**
 * Who is signed in, as SPEC.md sections 3 and 6 store it: local storage keys user_id, user_hash,
 * userType and orderManualDeliveryPermission, plus cookies named user_id and user_hash.
 * Purchasers read local storage only; everyone else prefers the cookies.
 */
import { STORAGE_KEYS } from '@dropship/contract';
import { readCookie } from '../lib/request/cookie';

export interface Identity {
  userId: string;
  userHash: string;
  userType: string;
}

export function getCookie(name: string): string | undefined {
  return readCookie(document.cookie, name) ?? undefined;
}

// The page itself must write these cookies (SPEC.md section 3: identity arriving in the address is stored too).
function setCookie(name: string, value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in the browsers sellers use.
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
}

function clearCookie(name: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: see setCookie.
  document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

export function isPurchaser() {
  return localStorage.getItem(STORAGE_KEYS.userType) === '1';
}

export function readIdentity(): Identity | null {
  const ls = (k: string) => localStorage.getItem(k) ?? undefined;
  const purchaser = isPurchaser();
  const userHash = purchaser ? ls(STORAGE_KEYS.userHash) : (getCookie('user_hash') ?? ls(STORAGE_KEYS.userHash));
  const userId = purchaser ? ls(STORAGE_KEYS.userId) : (getCookie('user_id') ?? ls(STORAGE_KEYS.userId));
  if (!userHash || !userId) return null;
  return { userId, userHash, userType: ls(STORAGE_KEYS.userType) ?? '0' };
}

export function storeIdentity(id: { userId: number | string; userHash: string; userType?: number | string }) {
  localStorage.setItem(STORAGE_KEYS.userId, String(id.userId));
  localStorage.setItem(STORAGE_KEYS.userHash, id.userHash);
  if (id.userType !== undefined) localStorage.setItem(STORAGE_KEYS.userType, String(id.userType));
  setCookie('user_id', String(id.userId));
  setCookie('user_hash', id.userHash);
}

export function clearIdentity() {
  for (const k of [STORAGE_KEYS.userId, STORAGE_KEYS.userHash, STORAGE_KEYS.userType, STORAGE_KEYS.manualDeliveryPermission]) {
    localStorage.removeItem(k);
  }
  clearCookie('user_id');
  clearCookie('user_hash');
}

/** Identity may arrive in the address (embedded or launched from elsewhere): it is stored like a sign-in. */
export function captureIdentityFromQuery(params: URLSearchParams): boolean {
  const userId = params.get('user_id');
  const userHash = params.get('user_hash');
  if (!userId || !userHash) return false;
  storeIdentity({ userId, userHash });
  return true;
}
