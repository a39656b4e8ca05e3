/**
 * Address-driven redirects of SPEC.md section 7: payCallback, callback_url (+ order parameters),
 * and the sign-in jump. Only same-origin targets are followed, so a crafted link cannot send a
 * signed-in user to another site.
 */
export const PAY_CALLBACKS: Record<string, string> = {
  recharge: '/funds/balance',
  daifaorder: '/order/daifaOrderList',
  bukuan: '/funds/transferRecord',
  // SPEC.md notes a later duplicate 'problem' → /afterSale/headlessList?headlessType=2 that can never be reached.
  problem: '/afterSale/problemList',
  // Product-added (decision 0033): back from Alipay's cashier after buying a membership.
  member: '/member/pay',
};

const ORDER_PARAMS = ['order_type', 'color', 'size', 'num', 'requestKey', 'costPosition', 'advertOrderId', 'advertCode'] as const;

function sameOrigin(target: string, origin: string): URL | null {
  try {
    const url = new URL(target, origin);
    return url.origin === origin ? url : null;
  } catch {
    return null;
  }
}

/** A jump target for after sign-in: a path on this site, never another origin. */
export function safeJumpTarget(jump: string | null, origin = window.location.origin): string | null {
  if (!jump) return null;
  const url = sameOrigin(jump, origin);
  if (!url || url.pathname.startsWith('/login')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** callback_url with order_type and, when present, the order parameters appended. */
export function callbackTarget(params: URLSearchParams, origin = window.location.origin): string | null {
  const raw = params.get('callback_url');
  if (!raw) return null;
  const url = sameOrigin(raw, origin);
  if (!url) return null;
  if (params.get('order_type')) {
    for (const key of ORDER_PARAMS) {
      const v = params.get(key);
      if (v !== null && v !== '') url.searchParams.set(key, v);
    }
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
