import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  Button,
  Classes,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../../../contract/limits';
import {
  CALENDAR_SLOT_MINUTES,
  RESERVATION_COMMENT_MAX,
  RESERVATION_MAX_INTERVAL,
  type Reservation,
} from '../../../../contract/reservations';
import { isDraftDirty, reservationMachine, shownErrorOf } from '../../../../machines/reservation.machine';
import type {
  RepeatChoice,
  ReservationDialogMode,
  ReservationDraft,
  ReservationField,
  ReservationInstrument,
} from '../../../../machines/reservationForm';
import { ConfirmAlert } from '../confirm/ConfirmAlert';
import { discardChangesQuestion } from '../confirm/useConfirmation';
import { getToaster } from '../toaster';
import { createReservation, updateReservation } from './api/reservations';
import { handOverSessionErrors } from '../../lib/sessionHandOver';
import { useUnsavedData } from '../../lib/unsavedData';
import { InstrumentPicker } from './InstrumentPicker';
import { SubmitProblemCallout } from '../SubmitProblemCallout';
import { failureMessage } from '../../lib/failureMessage';
import { SAVE_FAILURES } from './reservationFailures';
import { PortalDialog } from '../dialog/PortalDialog';
import { CounterInput } from '../inputs/NumberInput';

export interface ReservationDialogProps {
  isOpen: boolean;
  /** add: a new reservation; edit: change `reservation`; copy: a new reservation prefilled from `reservation`. */
  mode: ReservationDialogMode;
  reservation?: Reservation;
  /** The instrument of the slot the user clicked; without it (and in edit and copy) the user picks one. */
  equipment?: ReservationInstrument;
  /** The slot's start; without it a new reservation starts at the next working half hour. */
  start?: Date;
  onClose(): void;
  /** After saving, with every reservation made (a series makes several); the dialog then closes through onClose. */
  onSaved(saved: Reservation[]): void;
}

const TITLE_KEY: Record<ReservationDialogMode, string> = {
  add: 'reservation:title_add',
  edit: 'reservation:title_edit',
  copy: 'reservation:title_copy',
};

/** The add, edit and copy reservation dialog of the calendar (spec 3 section 2). */
export function ReservationDialog(props: ReservationDialogProps) {
  if (!props.isOpen) return null;
  return <ReservationForm {...props} />;
}

function ReservationForm({ mode, reservation, equipment, start, onClose, onSaved }: ReservationDialogProps) {
  const { t } = useTranslation();
  const ids = useId();
  const fieldId = (field: string) => `${ids}-${field}`;

  // The machine is made once per opening; its actions reach the latest props through this ref.
  const latest = useRef({ t, onClose, onSaved });
  useEffect(() => {
    latest.current = { t, onClose, onSaved };
  });
  const [machine] = useState(() =>
    reservationMachine.provide({
      actors: {
        createReservation: fromPromise(({ input }) => createReservation(input)),
        updateReservation: fromPromise(({ input }) => updateReservation(input)),
      },
      actions: {
        notifyInvalid: () =>
          void getToaster().then((toaster) =>
            toaster.show({ message: latest.current.t('validation_failed_tip'), intent: Intent.DANGER, icon: 'error' }),
          ),
        failed: (_, cause) => handOverSessionErrors(cause),
        notifySaved: (_, saved) => {
          const { t: translate } = latest.current;
          void getToaster().then((toaster) =>
            toaster.show({
              message:
                saved.length > 1
                  ? translate('reservation:saved_series', { count: saved.length })
                  : translate('reservation:saved'),
              intent: Intent.SUCCESS,
              icon: 'tick',
            }),
          );
          latest.current.onSaved(saved);
        },
        close: () => latest.current.onClose(),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { mode, reservation, equipment, start } });
  const { context } = snapshot;
  const { draft } = context;
  useUnsavedData(isDraftDirty(context));

  const errorOf = (field: ReservationField) => shownErrorOf(context, field);
  const problem = context.failure ? failureMessage(context.failure.cause, SAVE_FAILURES) : null;
  const requestClose = () => send({ type: 'CLOSE' });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    send({ type: 'SUBMIT' });
  };

  const message = (field: ReservationField) => {
    const key = errorOf(field);
    if (!key) return undefined;
    return (
      <span id={fieldId(`${field}-error`)} role="alert">
        {key === 'required_field' ? t('required_field') : t(`reservation:${key}`, { max: RESERVATION_COMMENT_MAX })}
      </span>
    );
  };
  const intentOf = (field: ReservationField) => (errorOf(field) ? Intent.DANGER : Intent.NONE);
  const describedBy = (field: ReservationField) => (errorOf(field) ? fieldId(`${field}-error`) : undefined);

  const pickInstrument = mode !== 'add' || equipment === undefined;
  const busy = snapshot.matches('saving');
  /** The start or end input: a typed value goes into the draft, and on leaving it is snapped to the grid. */
  const dateTimeField = (field: 'start' | 'end', label: string, autoFocus?: boolean) => (
    <FormGroup
      style={{ flex: 1, minWidth: 200 }}
      label={label}
      labelFor={fieldId(field)}
      labelInfo={t('reservation:required')}
      intent={intentOf(field)}
      helperText={message(field)}
    >
      <InputGroup
        id={fieldId(field)}
        type="datetime-local"
        step={CALENDAR_SLOT_MINUTES * 60}
        value={draft[field]}
        intent={intentOf(field)}
        aria-describedby={describedBy(field)}
        aria-invalid={errorOf(field) ? true : undefined}
        disabled={busy}
        autoFocus={autoFocus}
        onValueChange={(value) => send({ type: 'EDIT', field, value })}
        onBlur={() => send({ type: 'LEAVE', field })}
      />
    </FormGroup>
  );
  const unitKey = draft.repeat === 'daily' ? 'reservation:repeat_days' : 'reservation:repeat_weeks';

  return (
    <>
      <PortalDialog
        isOpen
        onClose={requestClose}
        title={t(TITLE_KEY[mode])}
        icon={mode === 'copy' ? 'duplicate' : mode === 'edit' ? 'edit' : 'calendar'}
        style={{ width: MODAL_WIDTH.small, maxWidth: '95vw' }}
      >
        <form onSubmit={submit} noValidate aria-label={t(TITLE_KEY[mode])}>
          <DialogBody>
            <SubmitProblemCallout message={problem} icon="error" style={{ marginBottom: 12 }} />
            {/* The times come first: the instrument suggestions open below their field and would cover them. */}
            <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
              {dateTimeField('start', t('reservation:start'), mode === 'add')}
              {dateTimeField('end', t('reservation:end'))}
            </div>
            <p className={Classes.TEXT_MUTED} style={{ marginTop: -8 }}>
              {t('reservation:slot_hint', { minutes: CALENDAR_SLOT_MINUTES })}
            </p>
            <FormGroup
              label={t('reservation:instrument')}
              labelFor={fieldId('instrument')}
              labelInfo={pickInstrument ? t('reservation:required') : undefined}
              intent={intentOf('instrument')}
              helperText={message('instrument')}
            >
              {pickInstrument ? (
                <InstrumentPicker
                  id={fieldId('instrument')}
                  value={draft.instrument}
                  onChange={(instrument) => send({ type: 'CHOOSE_INSTRUMENT', instrument })}
                  intent={intentOf('instrument')}
                  describedBy={describedBy('instrument')}
                  disabled={busy}
                />
              ) : (
                <InputGroup id={fieldId('instrument')} value={draft.instrument?.label ?? ''} readOnly />
              )}
            </FormGroup>
            {mode === 'add' && (
              <RepeatFields
                draft={draft}
                unitKey={unitKey}
                fieldId={fieldId}
                busy={busy}
                intent={intentOf('recurrence')}
                message={message('recurrence')}
                describedBy={describedBy('recurrence')}
                onRepeat={(repeat) => send({ type: 'SET_REPEAT', repeat })}
                onInterval={(value) => send({ type: 'EDIT', field: 'interval', value })}
                onEndBy={(value) => send({ type: 'EDIT', field: 'endBy', value })}
              />
            )}
            <FormGroup
              label={t('reservation:comments')}
              labelFor={fieldId('comments')}
              intent={intentOf('comments')}
              helperText={
                <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                  <span>{message('comments')}</span>
                  <span id={fieldId('comments-count')} aria-live="polite">
                    {t('reservation:characters', { count: draft.comments.length, max: RESERVATION_COMMENT_MAX })}
                  </span>
                </span>
              }
            >
              <TextArea
                id={fieldId('comments')}
                fill
                rows={3}
                maxLength={RESERVATION_COMMENT_MAX}
                value={draft.comments}
                intent={intentOf('comments')}
                aria-describedby={fieldId('comments-count')}
                disabled={busy}
                onChange={(e) => send({ type: 'EDIT', field: 'comments', value: e.currentTarget.value })}
              />
            </FormGroup>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text={t('cancel')} onClick={requestClose} disabled={busy} />
                <Button type="submit" intent={Intent.PRIMARY} text={t('reservation:save')} loading={busy} />
              </>
            }
          />
        </form>
      </PortalDialog>
      <ConfirmAlert
        {...discardChangesQuestion(t)}
        isOpen={snapshot.matches('confirmingDiscard')}
        onCancel={() => send({ type: 'KEEP_EDITING' })}
        onConfirm={() => send({ type: 'DISCARD' })}
      />
    </>
  );
}

interface RepeatFieldsProps {
  draft: ReservationDraft;
  unitKey: string;
  fieldId(field: string): string;
  busy: boolean;
  intent: Intent;
  message: React.ReactNode;
  describedBy: string | undefined;
  onRepeat(repeat: RepeatChoice): void;
  onInterval(interval: string): void;
  onEndBy(endBy: string): void;
}

/** Repeat none, daily or weekly, every n days or weeks, up to an end-by date (add mode only). */
function RepeatFields(props: RepeatFieldsProps) {
  const { t } = useTranslation();
  const { draft, fieldId, busy, intent } = props;
  const options: { value: RepeatChoice; label: string }[] = [
    { value: 'none', label: t('reservation:repeat_none') },
    { value: 'daily', label: t('reservation:repeat_daily') },
    { value: 'weekly', label: t('reservation:repeat_weekly') },
  ];
  return (
    <FormGroup intent={intent} helperText={props.message}>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'flex-end' }}>
        <FormGroup label={t('reservation:repeat')} labelFor={fieldId('repeat')} style={{ margin: 0 }}>
          <HTMLSelect
            id={fieldId('repeat')}
            value={draft.repeat}
            options={options}
            disabled={busy}
            onChange={(e) => props.onRepeat(e.currentTarget.value as RepeatChoice)}
          />
        </FormGroup>
        {draft.repeat !== 'none' && (
          <>
            <FormGroup
              label={t('reservation:repeat_every')}
              labelFor={fieldId('interval')}
              style={{ margin: 0, width: 140 }}
            >
              <CounterInput
                id={fieldId('interval')}
                min={1}
                max={RESERVATION_MAX_INTERVAL}
                value={draft.interval}
                intent={intent}
                disabled={busy}
                aria-describedby={props.describedBy}
                rightElement={
                  <span className={Classes.TEXT_MUTED} style={{ padding: '0 8px' }}>
                    {t(props.unitKey)}
                  </span>
                }
                onValueChange={props.onInterval}
              />
            </FormGroup>
            <FormGroup label={t('reservation:end_by')} labelFor={fieldId('endBy')} style={{ margin: 0 }}>
              <InputGroup
                id={fieldId('endBy')}
                type="date"
                value={draft.endBy}
                intent={intent}
                disabled={busy}
                aria-describedby={props.describedBy}
                onValueChange={props.onEndBy}
              />
            </FormGroup>
          </>
        )}
      </div>
    </FormGroup>
  );
}
