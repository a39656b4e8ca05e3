/**
 * The menu on a phone (under 768 px): a button in the header opens the left menu in a drawer, so
 * the page keeps the whole width instead of sharing it with a fixed 208 px sidebar. Choosing a page
 * closes the drawer.
 */
import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { SideMenu } from './SideMenu';

export function MenuDrawer() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is the reason to close.
  useEffect(() => setOpen(false), [pathname]);
  return (
    <>
      <Button type="text" icon={<MenuOutlined />} aria-label="菜单" data-testid="menu-drawer-button" onClick={() => setOpen(true)} />
      <Drawer placement="left" open={open} onClose={() => setOpen(false)} size={260} title="菜单" styles={{ body: { padding: 0 } }} data-testid="menu-drawer">
        <SideMenu />
      </Drawer>
    </>
  );
}
