/**
 * The phone menu's drawer, loaded on the first tap of the menu button: antd's Drawer stays out of
 * the first page load (decision 0040).
 */
import { Drawer } from 'antd';
import { SideMenu } from './SideMenu';

export default function MenuDrawerPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer placement="left" open={open} onClose={onClose} size={260} title="菜单" styles={{ body: { padding: 0 } }} data-testid="menu-drawer">
      <SideMenu />
    </Drawer>
  );
}
