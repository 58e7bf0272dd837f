import { useEffect, useMemo, type ReactNode } from 'react';
import { Intent } from '@blueprintjs/core';
import { useMachine } from '@xstate/react';
import { useBlocker, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { unsavedGuardMachine } from '../../../machines/unsavedGuard.machine';
import { ConfirmAlert } from '../components/confirm/ConfirmAlert';
import { UnsavedDataContext } from '../lib/unsavedData';

const samePath = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The unsaved-data guard of the whole app: pages report unsaved data; leaving for another path asks first, the
 * browser asks before a reload or close, and every navigation resets the flags.
 */
export function UnsavedDataGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [snapshot, send] = useMachine(unsavedGuardMachine);
  const { unsavedData, unsavedView } = snapshot.context;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      (unsavedData || unsavedView) && !samePath(currentLocation.pathname, nextLocation.pathname),
  );

  useEffect(() => {
    if (blocker.state === 'blocked') {
      send({ type: 'LEAVE', from: location.pathname, to: blocker.location.pathname });
    }
  }, [blocker, location.pathname, send]);
  useEffect(() => send({ type: 'NAVIGATED' }), [location.pathname, send]);
  useEffect(() => {
    if (!unsavedData && !unsavedView) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsavedData, unsavedView]);

  const flags = useMemo(
    () => ({
      setUnsavedData: (value: boolean) => send({ type: 'SET_UNSAVED_DATA', value }),
      setUnsavedView: (value: boolean) => send({ type: 'SET_UNSAVED_VIEW', value }),
    }),
    [send],
  );
  return (
    <UnsavedDataContext.Provider value={flags}>
      {children}
      <ConfirmAlert
        isOpen={snapshot.matches('confirming')}
        intent={Intent.WARNING}
        icon="warning-sign"
        message={t('unsaved_data_confirm')}
        confirmText={t('leave_page')}
        cancelText={t('stay_on_page')}
        onConfirm={() => {
          send({ type: 'CONFIRM' });
          if (blocker.state === 'blocked') blocker.proceed();
        }}
        onCancel={() => {
          send({ type: 'CANCEL' });
          if (blocker.state === 'blocked') blocker.reset();
        }}
      />
    </UnsavedDataContext.Provider>
  );
}
