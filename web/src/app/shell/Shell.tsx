import { Alignment, Navbar, NavbarDivider, NavbarGroup, NavbarHeading, Tag } from '@blueprintjs/core';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useCurrentSession } from '../../lib/currentUser';
import { PHONE_WIDTH_QUERY, useMediaQuery } from '../../lib/media';
import { HubContext } from '../../lib/hub';
import type { HubServerMessage } from '../../../../contract/hub';
import { trackPageView } from '../../lib/usageEvents';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { PageLoadBoundary } from '../../components/PageLoadBoundary';
import { PageTourProvider } from '../../components/tours';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/MainContent';
import type { PortalPage } from '../portalPages';
import { AvatarMenu } from './AvatarMenu';
import { CompanyMenu } from './CompanyMenu';
import { DownloadAppPopover } from './DownloadAppPopover';
import { HelpMenu } from './HelpMenu';
import { NotificationBell } from './NotificationBell';
import { useHub } from './useHub';
import { createDomainEventFold } from './domainEventFold';
import { SupportedBrowserBanner } from './Notices';
import { QueuedModals } from './QueuedModals';
import { MainMenu } from './MainMenu';
import { PhoneMenu } from './PhoneMenu';
import { NewServiceRequestButton } from './NewServiceRequestButton';
import { useUnreadCountWhileHubIsDown } from './api/unreadCount';

/** The frame of the signed-in portal: header, main menu, and the page. */
export function Shell({ pages }: { pages: readonly PortalPage[] }) {
  const { t } = useTranslation();
  const { user, adminMode, base } = useCurrentSession();
  const location = useLocation();
  const phone = useMediaQuery(PHONE_WIDTH_QUERY);
  useEffect(() => trackPageView(location.pathname), [location.pathname, location.key]);
  const [pushedCount, setPushedCount] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const domainEvents = useMemo(() => createDomainEventFold(queryClient), [queryClient]);
  const { status: hubStatus, hub } = useHub(
    useCallback(
      (message: HubServerMessage) => {
        if (domainEvents.fold(message)) return;
        if (message.type === 'unreadCount') setPushedCount(message.count);
      },
      [domainEvents],
    ),
    domainEvents.since,
  );
  const polled = useUnreadCountWhileHubIsDown(hubStatus === 'reconnecting');
  const unreadCount = hubStatus === 'reconnecting' ? (polled.data ?? pushedCount) : pushedCount;
  return (
    <PageTourProvider key={user.userId} userId={user.userId} base={base}>
      <div className="portal-shell">
        <SkipLink />
        <Navbar className="portal-header" role="banner">
          <NavbarGroup align={Alignment.START}>
            {phone && <PhoneMenu pages={pages} base={base} />}
            <NavbarHeading>
              <Link to={`${base}/welcome`} className="portal-home-link">
                {t('app_name')}
              </Link>
            </NavbarHeading>
            {adminMode && <Tag intent="warning">{t('admin_mode')}</Tag>}
            {!phone && (
              <>
                <NavbarDivider />
                <CompanyMenu />
              </>
            )}
          </NavbarGroup>
          <NavbarGroup align={Alignment.END}>
            {!adminMode && <NewServiceRequestButton iconOnly={phone} />}
            <NotificationBell count={unreadCount} />
            <HelpMenu />
            {!phone && <DownloadAppPopover />}
            <AvatarMenu iconOnly={phone} />
          </NavbarGroup>
        </Navbar>
        <SupportedBrowserBanner />
        <QueuedModals key={user.userId} userId={user.userId} />
        <div className="portal-body" data-hub={hubStatus}>
          {!phone && <MainMenu pages={pages} base={base} />}
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className="portal-content">
            <PageLoadBoundary resetKey={location.pathname}>
              <Suspense fallback={<FullPageSpinner />}>
                <HubContext.Provider value={hub}>
                  <Outlet />
                </HubContext.Provider>
              </Suspense>
            </PageLoadBoundary>
          </main>
        </div>
      </div>
    </PageTourProvider>
  );
}
