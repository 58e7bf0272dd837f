import type { FormEvent, ReactNode } from 'react';
import { Button, DialogBody, DialogFooter, FormGroup, InputGroup, Intent, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../../../contract/limits';
import type { UiMessage } from '../../../../contract/errors';
import { useUnsavedData } from '../../lib/unsavedData';
import { useDiscardConfirmation } from '../confirm/useConfirmation';
import { SubmitProblemCallout } from '../SubmitProblemCallout';
import { PortalDialog } from '../dialog/PortalDialog';

/**
 * The frame of a request to the provider about an instrument: what it is about (read-only), the form, Cancel and
 * Send. A failed send is said above the form and keeps what was typed; closing with changes asks first.
 */
export function RequestDialog({
  title,
  icon,
  intro,
  subject,
  problem,
  busy,
  dirty,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  icon: IconName;
  intro: string;
  subject: { id: string; label: string; value: string };
  problem?: UiMessage | null;
  busy: boolean;
  dirty: boolean;
  onClose(): void;
  onSubmit(e: FormEvent): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  useUnsavedData(dirty);
  const { requestClose, element: discardQuestion } = useDiscardConfirmation({ dirty, busy, onClose });
  return (
    <>
      <PortalDialog
        isOpen
        onClose={requestClose}
        title={title}
        icon={icon}
        style={{ width: MODAL_WIDTH.medium, maxWidth: '95vw' }}
      >
        <form onSubmit={onSubmit} noValidate aria-label={title}>
          <DialogBody>
            <SubmitProblemCallout message={problem} style={{ marginBottom: 15 }} />
            <p>{intro}</p>
            <FormGroup label={subject.label} labelFor={subject.id}>
              <InputGroup id={subject.id} fill readOnly value={subject.value} />
            </FormGroup>
            {children}
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text={t('cancel')} onClick={requestClose} disabled={busy} />
                <Button
                  type="submit"
                  intent={Intent.PRIMARY}
                  icon="send-message"
                  text={t('feedback:contact_send')}
                  loading={busy}
                />
              </>
            }
          />
        </form>
      </PortalDialog>
      {discardQuestion}
    </>
  );
}

/** Two or three fields side by side, one under the other on a narrow screen. */
export const REQUEST_FIELD_COLUMNS = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
  columnGap: 16,
} as const;
