import { useEffect, useRef } from 'react';
import { signOut } from './api/session';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { StandaloneMain } from '../../components/MainContent';

/** /logout: ends the session on the server, then hands over to the sign-in page. */
export function LogoutPage({ onSignedOut }: { onSignedOut: () => void }) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut().finally(onSignedOut);
  }, [onSignedOut]);
  return (
    <StandaloneMain className="portal-centered">
      <FullPageSpinner />
    </StandaloneMain>
  );
}
