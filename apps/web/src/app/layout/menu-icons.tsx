/** Each left-menu section has a normal (outlined) and a selected (filled) icon, as SPEC.md section 2 asks. */
import {
  AccountBookFilled,
  AccountBookOutlined,
  CarFilled,
  CarOutlined,
  ContainerFilled,
  ContainerOutlined,
  HomeFilled,
  HomeOutlined,
  InteractionFilled,
  InteractionOutlined,
  PieChartFilled,
  PieChartOutlined,
  PrinterFilled,
  PrinterOutlined,
  ProfileFilled,
  ProfileOutlined,
  SafetyCertificateFilled,
  SafetyCertificateOutlined,
  SettingFilled,
  SettingOutlined,
  ShoppingFilled,
  ShoppingOutlined,
  TagsFilled,
  TagsOutlined,
} from '@ant-design/icons';
import type { MenuIcon } from '@dropship/contract';
import type { ComponentType } from 'react';

export const MENU_ICONS: Record<MenuIcon, { normal: ComponentType; selected: ComponentType }> = {
  home: { normal: HomeOutlined, selected: HomeFilled },
  order: { normal: ProfileOutlined, selected: ProfileFilled },
  goods: { normal: ShoppingOutlined, selected: ShoppingFilled },
  deliverGoods: { normal: CarOutlined, selected: CarFilled },
  returnGoods: { normal: InteractionOutlined, selected: InteractionFilled },
  afterSale: { normal: ContainerOutlined, selected: ContainerFilled },
  funds: { normal: AccountBookOutlined, selected: AccountBookFilled },
  authority: { normal: SafetyCertificateOutlined, selected: SafetyCertificateFilled },
  set: { normal: SettingOutlined, selected: SettingFilled },
  statistics: { normal: PieChartOutlined, selected: PieChartFilled },
  print: { normal: PrinterOutlined, selected: PrinterFilled },
  printSetting: { normal: TagsOutlined, selected: TagsFilled },
};
