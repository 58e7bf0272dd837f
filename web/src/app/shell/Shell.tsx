import { Alignment, Button, Navbar, NavbarDivider, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import { useEffect } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { LoggedInUser } from '../../../contract/users';
import { trackPageView } from '../lib/usageEvents';

/** The frame of the signed-in portal: header with company and user, and the page below. */
export function Shell({ user }: { user: LoggedInUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => trackPageView(location.pathname), [location.pathname, location.key]);
  return (
    <div className="portal-shell">
      <Navbar>
        <NavbarGroup align={Alignment.START}>
          <NavbarHeading>
            <Link to="/app/welcome" className="portal-home-link">
              {t('app_name')}
            </Link>
          </NavbarHeading>
          <NavbarDivider />
          <span aria-label={t('current_company')}>{user.userLocation.customer.name}</span>
        </NavbarGroup>
        <NavbarGroup align={Alignment.END}>
          <span aria-label={t('signed_in_as')}>{user.displayName}</span>
          <NavbarDivider />
          <Button variant="minimal" icon="log-out" text={t('sign_out')} onClick={() => navigate('/logout')} />
        </NavbarGroup>
      </Navbar>
      <Outlet />
    </div>
  );
}
