/**
 * Address parameters handled once when the app opens (SPEC.md section 7): callback_url,
 * activityName and payCallback. (Identity in user_id/user_hash is stored by main.tsx, before the
 * first sign-in guard runs.)
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { shellApi } from './api';
import { callbackTarget, PAY_CALLBACKS } from './redirects';
import { readIdentity } from './session';

export function BootParams() {
  const location = useLocation();
  const navigate = useNavigate();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const params = new URLSearchParams(location.search);
    const callback = callbackTarget(params);
    if (callback) {
      window.location.assign(callback);
      return;
    }
    const activity = params.get('activityName');
    if (activity) {
      const userId = Number(readIdentity()?.userId);
      void shellApi
        .track(
          {
            kind: 'ACTIVITY',
            activityName: activity.slice(0, 100),
            sellerUserId: Number.isInteger(userId) && userId > 0 ? userId : undefined,
            pageChannel: location.pathname,
            httpStatus: 200,
            host: window.location.host,
          },
          readIdentity() !== null,
        )
        .catch(() => undefined);
      navigate('/', { replace: true });
      return;
    }
    const pay = params.get('payCallback');
    const target = pay ? PAY_CALLBACKS[pay] : undefined;
    // The cashier itself carries payCallback (where to go once paid): opening or refreshing it must
    // show the cashier, not jump away before anything is paid. A return from Alipay has outTradeNo.
    const isCashier = location.pathname === '/funds/pay' && !params.has('outTradeNo');
    if (target && !isCashier) navigate(target, { replace: true });
  }, [location.pathname, location.search, navigate]);

  return null;
}
