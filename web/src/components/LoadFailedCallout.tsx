import { Button, Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { classify } from '../../../machines/globalErrors.machine';
import { requestErrorOf } from '../lib/requestErrors';

export interface LoadFailedCalloutProps {
  /** What could not be loaded, e.g. "The work orders could not be loaded." */
  title: string;
  error: unknown;
  onRetry(): void;
  compact?: boolean;
}

/**
 * A list that could not be loaded, with why (in the words of the app's error toasts) and a retry. A session modal
 * the failure opened speaks for itself, so no reason is added then.
 */
export function LoadFailedCallout({ title, error, onRetry, compact }: LoadFailedCalloutProps) {
  const { t, i18n } = useTranslation();
  const meaning = classify(requestErrorOf(error));
  const toast = meaning && 'toast' in meaning ? meaning.toast : null;
  const reason = toast && (i18n.exists(toast.messageKey) ? t(toast.messageKey) : toast.fallback);
  return (
    <Callout intent={Intent.DANGER} role="alert" title={title} compact={compact}>
      {reason && <p>{reason}</p>}
      <Button icon="refresh" text={t('retry')} onClick={onRetry} />
    </Callout>
  );
}
