/**
 * The menu on a phone (under 768 px): a button in the header opens the left menu in a drawer, so
 * the page keeps the whole width instead of sharing it with a fixed 208 px sidebar. Choosing a page
 * closes the drawer.
 */
import { MenuOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';

const MenuDrawerPanel = lazy(() => import('./MenuDrawerPanel'));

export function MenuDrawer() {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so closing still animates.
  const [opened, setOpened] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is the reason to close.
  useEffect(() => setOpen(false), [pathname]);
  return (
    <>
      <Button
        type="text"
        icon={<MenuOutlined />}
        aria-label="菜单"
        data-testid="menu-drawer-button"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      />
      {opened && (
        <Suspense fallback={null}>
          <MenuDrawerPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
