import { Callout, Intent, type CalloutProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { UiMessage } from '../../../contract/errors';

export type MessageCalloutProps = { message: UiMessage | null | undefined } & CalloutProps;

/** A message of what went wrong (a failed submit or upload, a refused file) as an alert; nothing when none. */
export function SubmitProblemCallout({ message, ...props }: MessageCalloutProps) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <Callout intent={Intent.DANGER} role="alert" {...props}>
      {t(message.key, message.values)}
    </Callout>
  );
}
