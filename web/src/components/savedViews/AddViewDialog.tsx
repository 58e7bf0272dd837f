import { useId, useState, type FormEvent } from 'react';
import {
  Button,
  Callout,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../../../contract/limits';
import { PREFERENCE_NAME_MAX, type ShareScope } from '../../../../contract/preferences';
import { viewNameProblem } from '../../../../machines/savedView.machine';
import { getToaster } from '../toaster';
import { PortalDialog } from '../dialog/PortalDialog';
import { LengthCounter } from '../inputs/LengthCounter';

export interface AddViewDialogProps {
  isOpen: boolean;
  /** The new view is being saved. */
  saving: boolean;
  /** Saving failed; the dialog stays open so the user can try again. */
  failed: boolean;
  /** Public sharing is possible (the user works for a customer). */
  canShare: boolean;
  /** Called with a valid name (required, at most 100 characters once trimmed). */
  onCreate: (name: string, shareScope: ShareScope) => void;
  onClose: () => void;
}

/** Add new view (spec 2 sections 2 and 5): the view's name, and whether it is private or public. */
export function AddViewDialog({ isOpen, saving, failed, canShare, onCreate, onClose }: AddViewDialogProps) {
  const { t } = useTranslation();
  return (
    <PortalDialog
      isOpen={isOpen}
      onClose={saving ? undefined : onClose}
      canEscapeKeyClose={!saving}
      isCloseButtonShown={!saving}
      title={t('views:add_view_title')}
      icon="bookmark"
      style={{ width: MODAL_WIDTH.narrow, maxWidth: '95vw' }}
    >
      {/* Mounted only while open, so every opening starts with an empty name. */}
      {isOpen && (
        <AddViewForm saving={saving} failed={failed} canShare={canShare} onCreate={onCreate} onClose={onClose} />
      )}
    </PortalDialog>
  );
}

function AddViewForm({ saving, failed, canShare, onCreate, onClose }: Omit<AddViewDialogProps, 'isOpen'>) {
  const { t } = useTranslation();
  const nameId = useId();
  const problemId = useId();
  const [name, setName] = useState('');
  const [shareScope, setShareScope] = useState<ShareScope>('private');
  const [submitted, setSubmitted] = useState(false);
  const problem = submitted ? viewNameProblem(name) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    setSubmitted(true);
    if (viewNameProblem(name) !== null) {
      void getToaster().then((toaster) =>
        toaster.show({ message: t('validation_failed_tip'), intent: Intent.WARNING }),
      );
      return;
    }
    onCreate(name, canShare ? shareScope : 'private');
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogBody>
        {failed && (
          <Callout intent={Intent.DANGER} role="alert" style={{ marginBottom: 12 }}>
            {t('views:create_failed_retry')}
          </Callout>
        )}
        <FormGroup
          label={t('views:view_name')}
          labelFor={nameId}
          labelInfo="*"
          intent={problem ? Intent.DANGER : Intent.NONE}
          helperText={
            problem && (
              <span id={problemId}>
                {problem === 'required_field'
                  ? t('required_field')
                  : t('views:name_too_long', { max: PREFERENCE_NAME_MAX })}
              </span>
            )
          }
        >
          <InputGroup
            id={nameId}
            autoFocus
            value={name}
            onValueChange={setName}
            disabled={saving}
            intent={problem ? Intent.DANGER : Intent.NONE}
            aria-required
            aria-invalid={problem !== null}
            aria-describedby={problem ? problemId : undefined}
            rightElement={<LengthCounter entered={name.trim().length} max={PREFERENCE_NAME_MAX} />}
          />
        </FormGroup>
        {canShare && (
          <RadioGroup
            label={t('views:share_scope')}
            selectedValue={shareScope}
            disabled={saving}
            onChange={(e) => setShareScope(e.currentTarget.value as ShareScope)}
          >
            <Radio value="private" label={t('views:scope_private')} />
            <Radio value="public" label={t('views:scope_public')} />
          </RadioGroup>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('cancel')} disabled={saving} onClick={onClose} />
            <Button type="submit" intent={Intent.PRIMARY} icon="floppy-disk" text={t('views:save')} loading={saving} />
          </>
        }
      />
    </form>
  );
}
