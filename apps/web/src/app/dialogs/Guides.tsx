/**
 * The guided-tour overlays of SPEC.md section 4, each shown once and then remembered (in this
 * browser and on the server): the platform-settings relocation hint, when the server says it is
 * needed, then the 2025-01-09 menu-change hint. Both are about changes of that day, so an account
 * created after it (which never knew the old menu) meets neither.
 */
import { MENU_CHANGE_HINT_DATE, STORAGE_KEYS } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import type { TourProps } from 'antd';
import { lazy, Suspense, useEffect, useReducer, useRef, useState } from 'react';
import { shellApi } from '../api';
import { useShell } from '../shell-context';
import { useDialogTurn } from './dialog-queue';
import { waitForTargets } from './wait-for-targets';

const GuideTour = lazy(() => import('./GuideTour'));

type GuideKey = 'platformSetting' | 'menuChange';

const GUIDES: Record<GuideKey, { storageKey: string; steps: { selector: string; title: string; description: string }[] }> = {
  platformSetting: {
    storageKey: STORAGE_KEYS.guidePlatformSetting,
    steps: [
      {
        selector: '[data-menu-group="settings"]',
        title: '平台代发设置已迁移',
        description: '自动售后、加急发货、自定义发货信息、自定义合格证、店铺退货电话、货到付款等平台代发设置，现在都在「基础设置」菜单中。',
      },
    ],
  },
  menuChange: {
    storageKey: STORAGE_KEYS.guideMenuChange,
    steps: [
      { selector: '[data-menu-group="shopOrder"]', title: `菜单调整（${MENU_CHANGE_HINT_DATE}）`, description: '原「同步订单」已移至「店铺订单」。' },
      { selector: '[data-menu-group="dropship"]', title: `菜单调整（${MENU_CHANGE_HINT_DATE}）`, description: '代发订单、售后订单已移至「代发管理」。' },
    ],
  },
};

/** Midnight at +8 of the menu change: accounts created from then on never saw the old menu. */
const MENU_CHANGED_AT = Date.parse(`${MENU_CHANGE_HINT_DATE}T00:00:00+08:00`);

/** Whether the account existed before the menu change (no creation date known: assume it did). */
export const predatesMenuChange = (createdAt: string | undefined) => !createdAt || Date.parse(createdAt) < MENU_CHANGED_AT;

/** Second in the shell's dialog queue: a tour waits for the shop-expiry dialog to close. */
export function Guides() {
  const shell = useShell();
  const signedIn = Boolean(shell?.access);
  const oldAccount = predatesMenuChange(shell?.user?.createdAt);
  const needPlatform = useQuery({
    queryKey: ['shell', 'needPlatformSettingPopup'],
    queryFn: shellApi.needPlatformSettingPopup,
    enabled: signedIn && oldAccount,
  });
  const [active, setActive] = useState<{ key: GuideKey; steps: TourProps['steps'] } | null>(null);
  // Local storage is read on render: a guide remembered without being shown must render again.
  const [, rerender] = useReducer((n: number) => n + 1, 0);

  const pending: GuideKey[] = [];
  if (oldAccount && needPlatform.data && !localStorage.getItem(GUIDES.platformSetting.storageKey)) pending.push('platformSetting');
  if (oldAccount && shell?.access?.audience === 'seller' && !localStorage.getItem(GUIDES.menuChange.storageKey)) pending.push('menuChange');
  const known = !signedIn || !oldAccount || needPlatform.isFetched;
  const myTurn = useDialogTurn('guides', !known ? 'pending' : active || pending.length > 0 ? 'wants' : 'idle');
  const next = known && myTurn ? pending[0] : undefined;

  useEffect(() => {
    if (!next || active) return;
    const guide = GUIDES[next];
    let cancelled = false;
    const wait = waitForTargets(guide.steps.map((s) => s.selector));
    void wait.promise.then((els) => {
      if (cancelled) return;
      // Targets that never appear (the entry is hidden for this user): nothing to point at, remember it.
      if (!els) {
        localStorage.setItem(guide.storageKey, '1');
        setActive(null);
        rerender();
        return;
      }
      setActive({
        key: next,
        steps: guide.steps.map((s, i) => ({
          title: s.title,
          description: s.description,
          target: () => els[i] as HTMLElement,
          nextButtonProps: { children: '下一步' },
          prevButtonProps: { children: '上一步' },
        })),
      });
    });
    return () => {
      cancelled = true;
      wait.cancel();
    };
  }, [next, active]);

  function finish() {
    if (!active) return;
    localStorage.setItem(GUIDES[active.key].storageKey, '1');
    void shellApi.guideDone(active.key).catch(() => undefined);
    setActive(null);
  }

  // The tour's code loads on the first guide shown and stays mounted after, so closing still animates.
  const shown = useRef(false);
  if (active) shown.current = true;
  if (!shown.current) return null;
  const steps = active?.steps?.map((s, i, all) => (i === all.length - 1 ? { ...s, nextButtonProps: { children: '我知道了' } } : s));
  return (
    <Suspense fallback={null}>
      <GuideTour open={Boolean(active)} steps={steps} onClose={finish} onFinish={finish} />
    </Suspense>
  );
}
