/**
 * The one central reaction to session errors (SPEC.md section 8): 10000 or no stored hash → the
 * sign-on page with a jump back; 10001 → one alert per page life, then sign-on.
 */
import { CLIENT_ERROR_MESSAGES, ErrorCode } from '@dropship/contract';
import type { Envelope, RequestEnvironment } from './types.js';

const PURCHASER_ALERT = { title: '登录错误', content: CLIENT_ERROR_MESSAGES[ErrorCode.PURCHASER_REQUIRED], okText: '确定' } as const;

export interface SessionPolicy {
  toSignOn(): void;
  /** Reacts to a resolved envelope; never delays it (the 10001 alert runs in the background). */
  apply(res: Envelope<unknown>): void;
}

function pathOf(href: string): string | null {
  try {
    return new URL(href, 'http://localhost').pathname;
  } catch {
    return null;
  }
}

export function createSessionPolicy(env: RequestEnvironment): SessionPolicy {
  const loginPath = env.loginPath ?? '/login';
  const currentHref = env.currentHref ?? (() => globalThis.location?.href ?? '');
  let purchaserAlert: Promise<void> | null = null;

  function toSignOn() {
    const href = currentHref();
    // Already on the sign-on page: jumping again would nest jump=/login?jump=… and loop.
    if (pathOf(href) === loginPath) return;
    env.navigate(`${loginPath}?jump=${encodeURIComponent(href)}`);
  }

  return {
    toSignOn,
    apply(res) {
      if (res.errorCode === ErrorCode.SESSION_INVALID) toSignOn();
      if (res.errorCode === ErrorCode.PURCHASER_REQUIRED && !purchaserAlert) {
        // Several calls usually fail together on page load; they share this one dialog.
        purchaserAlert = env
          .alertOnce(PURCHASER_ALERT.title, PURCHASER_ALERT.content, PURCHASER_ALERT.okText)
          .catch(() => undefined)
          .then(toSignOn);
      }
    },
  };
}
