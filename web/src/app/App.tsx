import { useCallback } from 'react';
import { BlueprintProvider, Button, NonIdealState } from '@blueprintjs/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { LoggedInUser } from '../../../contract/users';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { LoginPage } from '../features/auth/LoginPage';
import { LogoutPage } from '../features/auth/LogoutPage';
import { ProfileCompletionPage } from '../features/profile/ProfileCompletionPage';
import { WelcomePage } from '../features/welcome/WelcomePage';
import { appStatusActor } from './appStatus';
import { GlobalErrors } from './GlobalErrors';
import { Shell } from './Shell';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
appStatusActor.start();

function AppRoutes() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snapshot = useSelector(appStatusActor, (s) => s);
  const user = snapshot.context.user;
  const signedIn = useCallback(
    (u: LoggedInUser) => {
      appStatusActor.send({ type: 'SIGNED_IN', user: u });
      navigate('/app/welcome', { replace: true });
    },
    [navigate],
  );
  const signedOut = useCallback(() => {
    appStatusActor.send({ type: 'SIGNED_OUT' });
    navigate('/login', { replace: true });
  }, [navigate]);
  const logout = <LogoutPage onSignedOut={signedOut} />;

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
        <Route path="/logout" element={<Navigate to="/login" replace />} />
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Routes>
    );
  }
  if (snapshot.matches('readyWithoutLocation')) {
    return (
      <>
        <GlobalErrors onSignOut={() => navigate('/logout')} />
        <Routes>
          <Route path="/logout" element={logout} />
          <Route
            path="*"
            element={<ProfileCompletionPage user={user} onCompleted={() => window.location.assign('/app/welcome')} />}
          />
        </Routes>
      </>
    );
  }
  return (
    <>
      <GlobalErrors onSignOut={() => navigate('/logout')} />
      <Routes>
        <Route path="/logout" element={logout} />
        <Route path="/login" element={<Navigate to="/app/welcome" replace />} />
        <Route path="/app" element={<Shell user={user} />}>
          <Route path="welcome" element={<WelcomePage user={user} />} />
          <Route index element={<Navigate to="welcome" replace />} />
          <Route path="*" element={<Navigate to="/app/welcome" replace />} />
        </Route>
        <Route path="*" element={<Navigate to="/app" replace />} />
      </Routes>
    </>
  );
}

export function App() {
  return (
    <BlueprintProvider>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </BlueprintProvider>
  );
}
