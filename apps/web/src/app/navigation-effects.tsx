/**
 * What happens on every navigation (SPEC.md section 2): the document title, scroll to top, the
 * page-view report, a new requestKey, the stored copy of the route query, the version check.
 */
import { findRoute, NOT_FOUND_TITLE, REDIRECTS, STORAGE_KEYS, TITLE_SUFFIX } from '@dropship/contract';
import { App } from 'antd';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { requestKey } from '../lib/request-key';
import { shellApi } from './api';
import { checkVersion } from './dialogs/version-check';
import { readIdentity } from './session';
import { useConfigQuery } from './shell-context';

export const REQUEST_KEY_STORAGE = 'requestKey';

export function pageTitle(pathname: string): string {
  const route = findRoute(pathname);
  return `${route?.title ?? NOT_FOUND_TITLE} | ${TITLE_SUFFIX}`;
}

export function NavigationEffects() {
  const { pathname, search } = useLocation();
  const { modal } = App.useApp();
  const brand = useConfigQuery().data?.brand;

  useEffect(() => {
    if (REDIRECTS[pathname]) return; // the redirect's target does all of this
    document.title = pageTitle(pathname);
    window.scrollTo({ top: 0 });
    sessionStorage.setItem(REQUEST_KEY_STORAGE, requestKey());
    localStorage.setItem(STORAGE_KEYS.lastRouteQuery, search);
    void checkVersion(modal);
  }, [pathname, search, modal]);

  useEffect(() => {
    if (REDIRECTS[pathname] || !brand) return;
    const signedIn = readIdentity() !== null;
    void shellApi
      .track(
        { pageChannel: pathname, httpStatus: findRoute(pathname) ? 200 : 404, host: window.location.host, platformType: brand, kind: 'PAGE_VIEW' },
        signedIn,
      )
      .catch(() => undefined);
  }, [pathname, brand]);

  return null;
}
