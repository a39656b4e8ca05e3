/** The left menu, built from the route table and the user's access (menu-visibility.ts). */
import { badgeText, MENU_GROUPS, ROUTES, SETTINGS_TABS } from '@dropship/contract';
import { Badge, Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { inMenu } from '../menu-visibility';
import { useShell } from '../shell-context';
import { MENU_ICONS } from './menu-icons';
import { useBadges } from './use-badges';

function Counted({ text, count }: { text: string; count: number }) {
  const label = badgeText(count);
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      {text}
      {label && <Badge count={label} size="small" />}
    </span>
  );
}

export function SideMenu() {
  const shell = useShell();
  const { pathname } = useLocation();
  const access = shell?.access;
  const badges = useBadges(access?.audience === 'seller');

  const groups = useMemo(() => {
    if (!access) return [];
    return MENU_GROUPS.filter((g) => !g.variantsExcluded?.includes(access.variant))
      .map((g) => ({ group: g, routes: ROUTES.filter((r) => r.group === g.key && inMenu(r, access)) }))
      .filter((x) => x.routes.length > 0);
  }, [access]);

  // A settings tab lights up its menu entry (the platform dropship settings entry).
  const selectedPath = (SETTINGS_TABS as readonly string[]).includes(pathname) ? '/basicSet/automaticAfterSale' : pathname;
  const currentGroup = groups.find((x) => x.routes.some((r) => selectedPath.startsWith(r.path)))?.group.key;
  const [openKeys, setOpenKeys] = useState<string[]>(currentGroup ? [currentGroup] : []);

  const items: MenuProps['items'] = groups.map(({ group, routes }) => {
    const icons = MENU_ICONS[group.icon];
    const Icon = group.key === currentGroup ? icons.selected : icons.normal;
    const label = shell?.brand === 'main' && group.mainLabel ? group.mainLabel : group.label;
    const groupCount = group.badge ? badges[group.badge] : 0;
    const title = (
      // biome-ignore lint/correctness/useJsxKeyInIterable: a menu item's label, not a list child (the item has its key).
      <span data-menu-group={group.key}>
        <Counted text={label} count={groupCount} />
      </span>
    );
    if (group.key === 'home') {
      return {
        key: '/home',
        icon: <Icon />,
        label: (
          <Link to="/home" data-menu-group="home">
            {label}
          </Link>
        ),
      };
    }
    return {
      key: group.key,
      icon: <Icon />,
      label: title,
      children: routes.map((r) => ({
        key: r.path,
        label: (
          <Link to={r.path}>
            <Counted text={r.title} count={r.badge ? badges[r.badge] : 0} />
          </Link>
        ),
      })),
    };
  });

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[selectedPath]}
      openKeys={openKeys}
      onOpenChange={(keys) => setOpenKeys(keys as string[])}
      style={{ borderInlineEnd: 0 }}
    />
  );
}
