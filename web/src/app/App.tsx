import { lazy, Suspense, useCallback, useEffect, useMemo } from 'react';
import { BlueprintProvider, Button, NonIdealState } from '@blueprintjs/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import {
  createBrowserRouter,
  Navigate,
  Route,
  RouterProvider,
  Routes,
  useLocation,
  useNavigate,
} from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SIGN_UP_PATH } from '../../../contract/account';
import type { LoggedInUser } from '../../../contract/users';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { PageLoadBoundary } from '../components/PageLoadBoundary';
import { forgetEarlyViews, requestViewsEarly } from '../components/savedViews/earlyViews';
import { LoginPage } from '../features/auth/LoginPage';
import { LogoutPage } from '../features/auth/LogoutPage';
import { announce } from '../lib/crossTab';
import { callerFactsOf } from '../lib/access';
import { CurrentSessionContext, maySwitchToAdmin, type CurrentSession } from '../lib/currentUser';
import { privilegesQuery, usePrivileges, type Privileges } from '../lib/privileges';
import { setAdminMode } from '../lib/requestLayer';
import { newSignIn } from '../lib/signInMark';
import { appStatusActor } from './appStatus';
import { GlobalErrors } from './GlobalErrors';
import { BASE, PAGE_ALIASES, pageAt, pagesFor, preloadPageOf, type PortalMode } from './portalPages';
import { Shell } from './shell/Shell';
import { UnsavedDataGuard } from './UnsavedDataGuard';

// Pages outside the portal's first screens load when opened.
const ContactRequestPage = lazy(() =>
  import('../features/contactRequest/ContactRequestPage').then((m) => ({ default: m.ContactRequestPage })),
);
const ProfileCompletionPage = lazy(() =>
  import('../features/profile/ProfileCompletionPage').then((m) => ({ default: m.ProfileCompletionPage })),
);
const SignUpPage = lazy(() => import('../features/signUp/SignUpPage').then((m) => ({ default: m.SignUpPage })));

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
appStatusActor.start();
preloadPageOf(window.location.pathname);
// The features decide the pages: they are asked for as soon as the user is known, not after the first render; so
// are the saved views of the page the app opens on, which its list waits for.
let viewsAskedEarly = false;
appStatusActor.subscribe(({ context: { user } }) => {
  // A user without a location sees only the profile completion, which needs neither (the server answers 16006).
  if (!user || user.locationId === null) {
    forgetEarlyViews();
    return;
  }
  void queryClient.ensureQueryData(privilegesQuery(user.userId, user.userLocation.customerId));
  const views = viewsAskedEarly ? undefined : pageAt(window.location.pathname)?.views;
  viewsAskedEarly = true;
  if (views) requestViewsEarly(views, user.userLocation.customerId);
});

const modeOf = (pathname: string): PortalMode => (/^\/admin(\/|$)/i.test(pathname) ? 'admin' : 'normal');

/** The signed-in portal in one mode: the pages the user may open, under that mode's base path. */
function Portal({ user, onSignedOut }: { user: LoggedInUser; onSignedOut: () => void }) {
  const privileges = usePrivileges(user.userId, user.userLocation.customerId);
  // The pages depend on the features: without them a deep link to a gated page would bounce to the welcome page.
  if (privileges.isPending) return <FullPageSpinner />;
  return <PortalPages user={user} privileges={privileges.data ?? NO_PRIVILEGES} onSignedOut={onSignedOut} />;
}

const NO_PRIVILEGES: Privileges = [];

function PortalPages({
  user,
  privileges,
  onSignedOut,
}: {
  user: LoggedInUser;
  privileges: Privileges;
  onSignedOut: () => void;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const requested = modeOf(location.pathname);
  const mode: PortalMode = requested === 'admin' && maySwitchToAdmin(user) ? 'admin' : 'normal';
  setAdminMode(mode === 'admin');
  const facts = useMemo(() => callerFactsOf(user, privileges), [user, privileges]);
  const pages = useMemo(() => pagesFor(mode, facts), [mode, facts]);
  const base = BASE[mode];
  const session: CurrentSession = useMemo(
    () => ({ user, adminMode: mode === 'admin', base, pages: pages.map((p) => p.path), privileges, facts }),
    [user, mode, base, pages, privileges, facts],
  );
  return (
    <CurrentSessionContext.Provider value={session}>
      <GlobalErrors
        userId={user.userId}
        customerId={user.userLocation.customerId}
        onSignOut={() => navigate('/logout')}
      />
      <Routes>
        <Route path="/logout" element={<LogoutPage onSignedOut={onSignedOut} />} />
        <Route path="/login" element={<Navigate to="/app/welcome" replace />} />
        <Route path={SIGN_UP_PATH} element={<SignUpPage signedInAs={user} />} />
        {requested === 'admin' && mode !== 'admin' && (
          <Route path="/admin/*" element={<Navigate to="/app/welcome" replace />} />
        )}
        <Route path={base} element={<Shell pages={pages} />}>
          {pages.map((p) => (
            <Route key={p.path} path={p.path} element={p.element} />
          ))}
          {Object.entries(PAGE_ALIASES).map(([alias, path]) => (
            <Route key={alias} path={alias} element={<Navigate to={`${base}/${path}`} replace />} />
          ))}
          <Route index element={<Navigate to="welcome" replace />} />
          <Route path="*" element={<Navigate to={`${base}/welcome`} replace />} />
        </Route>
        <Route path="*" element={<Navigate to={base} replace />} />
      </Routes>
    </CurrentSessionContext.Provider>
  );
}

function AppRoutes() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snapshot = useSelector(appStatusActor, (s) => s);
  const user = snapshot.context.user;
  const signedIn = useCallback(
    (u: LoggedInUser) => {
      newSignIn();
      appStatusActor.send({ type: 'SIGNED_IN', user: u });
      announce({ type: 'signedIn', userId: u.userId });
      navigate('/app/welcome', { replace: true });
    },
    [navigate],
  );
  const signedOut = useCallback(() => {
    newSignIn();
    appStatusActor.send({ type: 'SIGNED_OUT' });
    announce({ type: 'signedOut' });
    navigate('/login', { replace: true });
  }, [navigate]);
  useEffect(() => {
    if (!snapshot.matches('readyWithLocation')) setAdminMode(false);
  }, [snapshot]);

  if (snapshot.matches('initialising')) return <FullPageSpinner />;
  if (snapshot.matches('failed')) {
    return (
      <NonIdealState
        icon="offline"
        title={t('portal_unreachable_title')}
        description={t('portal_unreachable_text')}
        action={<Button text={t('retry')} onClick={() => appStatusActor.send({ type: 'RETRY' })} />}
      />
    );
  }
  if (snapshot.matches('readyForNoLogin') || !user) {
    return (
      <Routes>
        <Route path="/login" element={<LoginPage onSignedIn={signedIn} />} />
        <Route path="/contactRequest" element={<ContactRequestPage onBackToLogin={() => navigate('/login')} />} />
        <Route path={SIGN_UP_PATH} element={<SignUpPage onSignedIn={signedIn} />} />
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Routes>
    );
  }
  if (snapshot.matches('readyWithoutLocation')) {
    return (
      <>
        <GlobalErrors
          userId={user.userId}
          customerId={user.userLocation.customerId}
          onSignOut={() => navigate('/logout')}
        />
        <Routes>
          <Route path="/logout" element={<LogoutPage onSignedOut={signedOut} />} />
          <Route
            path="*"
            element={<ProfileCompletionPage user={user} onCompleted={() => window.location.assign('/app/welcome')} />}
          />
        </Routes>
      </>
    );
  }
  return <Portal user={user} onSignedOut={signedOut} />;
}

const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <UnsavedDataGuard>
        <PageLoadBoundary>
          <Suspense fallback={<FullPageSpinner />}>
            <AppRoutes />
          </Suspense>
        </PageLoadBoundary>
      </UnsavedDataGuard>
    ),
  },
]);

export function App() {
  return (
    <BlueprintProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </BlueprintProvider>
  );
}
