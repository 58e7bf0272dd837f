import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button, DialogBody, DialogFooter, FormGroup, Intent, Radio, RadioGroup, TextArea } from '@blueprintjs/core';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../../../contract/limits';
import { RESERVATION_COMMENT_MAX, type Reservation } from '../../../../contract/reservations';
import { instrumentLabel } from '../../../../machines/reservationForm';
import {
  inSeries,
  isOwnRemoval,
  reservationRemovalMachine,
  shownCommentError,
  type RemovalScope,
} from '../../../../machines/reservationRemoval.machine';
import { ConfirmAlert } from '../confirm/ConfirmAlert';
import { showToast } from '../showToast';
import { removeReservation } from './api/reservations';
import { formatDateTime } from '../../lib/dates';
import { useCurrentSession } from '../../lib/currentUser';
import { handOverSessionErrors } from '../../lib/sessionHandOver';
import { failureMessage } from '../../lib/failureMessage';
import { REMOVE_FAILURES } from './reservationFailures';
import { PortalDialog } from '../dialog/PortalDialog';

export interface ReservationRemoval {
  /** Ask for and then make the deletion of a reservation; `onRemoved` runs after the server deleted it. */
  remove(reservation: Reservation, onRemoved: () => void): void;
  /** The confirmation or the deletion-comments dialog: render it once on the page. */
  element: ReactNode;
}

/**
 * Deleting a reservation (spec 3 sections 4 to 6), run by the reservation-removal machine: the reserver confirms
 * (and picks this occurrence or the whole series); anyone else, which the server allows only to an admin, gives a
 * deletion comment that goes with the removal.
 */
export function useReservationRemoval(): ReservationRemoval {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  // What the page does once the reservation asked about is gone; the machine's actions reach it and the latest t.
  const onRemoved = useRef<() => void>(() => {});
  const latest = useRef({ t });
  useEffect(() => {
    latest.current = { t };
  });
  const [machine] = useState(() =>
    reservationRemovalMachine.provide({
      actors: {
        removeReservation: fromPromise(({ input }) => removeReservation(input)),
      },
      actions: {
        notifyRemoved: (_, { isSeriesDelete }) => {
          const { t: translate } = latest.current;
          showToast(
            isSeriesDelete ? translate('reservation:deleted_series') : translate('reservation:deleted'),
            Intent.SUCCESS,
          );
          onRemoved.current();
        },
        notifyFailed: (_, cause) => {
          handOverSessionErrors(cause);
          const problem = failureMessage(cause, REMOVE_FAILURES);
          if (problem) showToast(latest.current.t(problem.key, problem.values), Intent.DANGER, 'error');
        },
      },
    }),
  );
  const [snapshot, send, actor] = useMachine(machine, { input: { userId: user.userId } });
  const remove = useCallback(
    (reservation: Reservation, then: () => void) => {
      const event = { type: 'REMOVE', reservation } as const;
      if (!actor.getSnapshot().can(event)) return;
      onRemoved.current = then;
      send(event);
    },
    [actor, send],
  );

  const { context } = snapshot;
  const { reservation } = context;
  const busy = snapshot.matches('deleting');
  const cancel = () => send({ type: 'CANCEL' });
  let element: ReactNode = null;
  if (reservation) {
    const what = {
      instrument: instrumentLabel(reservation.serial, reservation.instrumentName),
      start: formatDateTime(reservation.startDate),
      end: formatDateTime(reservation.endDate),
      user: reservation.reservedBy.userName,
    };
    element = isOwnRemoval(context) ? (
      <OwnRemoval
        key={reservation.reservationId}
        what={what}
        inSeries={inSeries(context)}
        scope={context.scope}
        busy={busy}
        onScope={(scope) => send({ type: 'SET_SCOPE', scope })}
        onCancel={cancel}
        onConfirm={() => send({ type: 'CONFIRM' })}
      />
    ) : (
      <CommentedRemoval
        key={reservation.reservationId}
        what={what}
        comment={context.comment}
        error={shownCommentError(context)}
        busy={busy}
        onComment={(value) => send({ type: 'EDIT_COMMENT', value })}
        onCancel={cancel}
        onConfirm={() => send({ type: 'CONFIRM' })}
      />
    );
  }
  return { remove, element };
}

type What = Record<'instrument' | 'start' | 'end' | 'user', string>;

interface OwnRemovalProps {
  what: What;
  inSeries: boolean;
  scope: RemovalScope;
  busy: boolean;
  onScope(scope: RemovalScope): void;
  onCancel(): void;
  onConfirm(): void;
}

/** The reserver's confirmation; a repeated reservation asks whether the whole series goes. */
function OwnRemoval({ what, inSeries, scope, busy, onScope, onCancel, onConfirm }: OwnRemovalProps) {
  const { t } = useTranslation();
  return (
    <ConfirmAlert
      isOpen
      icon="trash"
      message={t('reservation:delete_confirm', what)}
      confirmText={t('reservation:delete')}
      busy={busy}
      escapeCancels
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {inSeries && (
        <RadioGroup
          label={t('reservation:delete_scope')}
          selectedValue={scope}
          disabled={busy}
          onChange={(e) => onScope(e.currentTarget.value === 'series' ? 'series' : 'one')}
        >
          <Radio value="one" label={t('reservation:delete_occurrence')} />
          <Radio value="series" label={t('reservation:delete_series')} />
        </RadioGroup>
      )}
    </ConfirmAlert>
  );
}

interface CommentedRemovalProps {
  what: What;
  comment: string;
  /** The comment's error as it shows (required_field or comments_too_long); null when none shows. */
  error: string | null;
  busy: boolean;
  onComment(value: string): void;
  onCancel(): void;
  onConfirm(): void;
}

/** The deletion-comments dialog (500 px, a required comment of at most 250 characters, spec 3 sections 2 and 5). */
function CommentedRemoval({
  what,
  comment,
  error: shown,
  busy,
  onComment,
  onCancel,
  onConfirm,
}: CommentedRemovalProps) {
  const { t } = useTranslation();
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    onConfirm();
  };

  return (
    <PortalDialog
      isOpen
      onClose={() => !busy && onCancel()}
      title={t('reservation:delete_comment_title')}
      icon="trash"
      style={{ width: MODAL_WIDTH.narrow, maxWidth: '95vw' }}
      canEscapeKeyClose={!busy}
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <p>{t('reservation:delete_comment_intro', what)}</p>
          <FormGroup
            label={t('reservation:delete_comment')}
            labelFor={`${id}-comment`}
            labelInfo={t('reservation:required')}
            intent={shown ? Intent.DANGER : Intent.NONE}
            helperText={
              <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                <span id={`${id}-error`} role={shown ? 'alert' : undefined}>
                  {shown === 'required_field'
                    ? t('required_field')
                    : shown
                      ? t('reservation:comments_too_long', { max: RESERVATION_COMMENT_MAX })
                      : null}
                </span>
                <span id={`${id}-count`} aria-live="polite">
                  {t('reservation:characters', { count: comment.length, max: RESERVATION_COMMENT_MAX })}
                </span>
              </span>
            }
          >
            <TextArea
              id={`${id}-comment`}
              fill
              rows={4}
              autoFocus
              maxLength={RESERVATION_COMMENT_MAX}
              value={comment}
              intent={shown ? Intent.DANGER : Intent.NONE}
              aria-invalid={shown ? true : undefined}
              aria-describedby={`${id}-error ${id}-count`}
              disabled={busy}
              onChange={(e) => onComment(e.currentTarget.value)}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('cancel')} onClick={onCancel} disabled={busy} />
              <Button type="submit" intent={Intent.DANGER} text={t('reservation:delete')} loading={busy} />
            </>
          }
        />
      </form>
    </PortalDialog>
  );
}
