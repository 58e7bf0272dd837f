import { Button, Classes, Menu, MenuItem } from '@blueprintjs/core';
import { useState } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { readLocal, writeLocal } from '../../lib/localSettings';
import { useCurrentSession } from '../../lib/currentUser';
import { preparePage, type PortalPage } from '../portalPages';

const COLLAPSED_KEY = 'menuCollapsed';

/** The main menu (spec 1 section 2): collapsible, remembered in this browser, only the pages the user may open. */
export function MainMenu({ pages, base }: { pages: readonly PortalPage[]; base: string }) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(() => readLocal(COLLAPSED_KEY, false));
  const toggle = () => {
    writeLocal(COLLAPSED_KEY, !collapsed);
    setCollapsed(!collapsed);
  };
  return (
    <nav
      data-tour="main-menu"
      aria-label={t('main_menu')}
      className={`portal-main-menu ${collapsed ? 'portal-main-menu-collapsed' : ''}`}
    >
      <Button
        variant="minimal"
        icon={collapsed ? 'menu-open' : 'menu-closed'}
        aria-label={collapsed ? t('menu_expand') : t('menu_collapse')}
        aria-expanded={!collapsed}
        onClick={toggle}
      />
      <MainMenuItems pages={pages} base={base} collapsed={collapsed} />
    </nav>
  );
}

/** The entries of the main menu: one per page of the menu the user may open, the current one marked. */
export function MainMenuItems({
  pages,
  base,
  collapsed = false,
}: {
  pages: readonly PortalPage[];
  base: string;
  collapsed?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useCurrentSession();
  const prepare = (page: PortalPage) => preparePage(page, user.userLocation.customerId);
  // The entry of the page shown, or of the page it is part of: My account lies under userManagement but is no user list.
  const current = pages.find((p) => matchPath({ path: `${base}/${p.path}`, caseSensitive: false }, location.pathname));
  const isActive = (p: PortalPage) => current === p || (current?.partOf?.includes(p.path) ?? false);
  return (
    <Menu className={Classes.ELEVATION_0}>
      {pages
        .filter((p) => p.menu)
        .map((p) => {
          const href = `${base}/${p.path}`;
          return (
            <MenuItem
              key={p.path}
              icon={p.menu!.icon}
              text={collapsed ? undefined : t(p.menu!.labelKey)}
              aria-label={t(p.menu!.labelKey)}
              aria-current={isActive(p) ? 'page' : undefined}
              multiline
              active={isActive(p)}
              href={href}
              onMouseEnter={() => prepare(p)}
              onFocus={() => prepare(p)}
              onClick={(e) => {
                e.preventDefault();
                navigate(href);
              }}
            />
          );
        })}
    </Menu>
  );
}
