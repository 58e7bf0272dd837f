import { useEffect, useRef } from 'react';
import { client } from '../../lib/api';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { StandaloneMain } from '../../components/MainContent';

/** /logout: ends the session on the server, then hands over to the sign-in page. */
export function LogoutPage({ onSignedOut }: { onSignedOut: () => void }) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    client.account
      .logout({ body: {}, silent: true, ignoreCancel: true })
      .catch(() => undefined)
      .finally(onSignedOut);
  }, [onSignedOut]);
  return (
    <StandaloneMain className="portal-centered">
      <FullPageSpinner />
    </StandaloneMain>
  );
}
