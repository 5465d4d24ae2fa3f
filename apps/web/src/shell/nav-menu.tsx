import {
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  CheckSquareOutlined,
  DashboardOutlined,
  ExceptionOutlined,
  SettingOutlined,
  ShopOutlined,
  SwapOutlined,
  ThunderboltOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { VisibleNavItem, VisibleNavSection } from '@recon/contract/nav';
import { Menu, type MenuProps } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ancestorPaths, DASHBOARD_ENTRY_PREFIX, selectedNavPath } from '@/shell/use-visible-nav';

const SECTION_ICONS: Readonly<Record<string, ReactNode>> = {
  dashboard: <DashboardOutlined />,
  transactions: <SwapOutlined />,
  operations: <ToolOutlined />,
  'my-jobs': <CheckSquareOutlined />,
  reports: <BarChartOutlined />,
  'merchant-disputes': <ShopOutlined />,
  upi: <ThunderboltOutlined />,
  disputes: <ExceptionOutlined />,
  'banking-module': <BankOutlined />,
  settings: <SettingOutlined />,
};

type MenuItem = Required<MenuProps>['items'][number];

type Props = { sections: readonly VisibleNavSection[]; isCollapsed: boolean };

/** The sidebar tree: sections, parents and pages the user may see, keyed by their full paths. */
export function NavMenu({ sections, isCollapsed }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = selectedNavPath(sections, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(() => (selected ? ancestorPaths(selected) : []));

  // Arriving at a page (link, redirect, back) opens the branch it sits in.
  useEffect(() => {
    if (!selected) return;
    setOpenKeys((keys) => [...new Set([...keys, ...ancestorPaths(selected)])]);
  }, [selected]);

  const items = useMemo<MenuItem[]>(() => {
    // A dashboard's entry is labelled by its name; every other entry by the tree's text.
    const labelOf = (item: VisibleNavItem) =>
      item.key.startsWith(DASHBOARD_ENTRY_PREFIX) ? item.label : t(`nav.${item.fullPath}`);
    const toItem = (item: VisibleNavItem): MenuItem =>
      item.children
        ? { key: item.fullPath, label: labelOf(item), children: item.children.map(toItem) }
        : { key: item.fullPath, label: labelOf(item) };
    return sections.map((section) => {
      const icon = SECTION_ICONS[section.key] ?? <AppstoreOutlined />;
      const label = t(`nav.${section.basePath}`);
      // A dynamic section without static pages (dashboards) is one entry that opens the section.
      return section.items.length === 0
        ? { key: section.basePath, icon, label }
        : { key: section.basePath, icon, label, children: section.items.map(toItem) };
    });
  }, [sections, t]);

  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={selected ? [selected] : []}
      {...(isCollapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => navigate(String(key))}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
