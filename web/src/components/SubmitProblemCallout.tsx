import { Callout, Intent, type CalloutProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Message } from '../lib/submitProblems';

/** The general problem of a failed submit, above or below the form; nothing when there is none. */
export function SubmitProblemCallout({ message, ...props }: { message: Message | undefined } & CalloutProps) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <Callout intent={Intent.DANGER} role="alert" {...props}>
      {t(message.key, message.values)}
    </Callout>
  );
}
