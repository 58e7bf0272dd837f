import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  Intent,
  Radio,
  RadioGroup,
  TextArea,
} from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../../../contract/limits';
import { RESERVATION_COMMENT_MAX, type Reservation } from '../../../../contract/reservations';
import { getToaster } from '../toaster';
import { client, resultOf } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useCurrentSession } from '../../lib/currentUser';
import { handOverSessionErrors } from '../../lib/sessionHandOver';
import { removeProblemOf } from './problems';
import { deletionCommentError, instrumentLabel } from '../../../../machines/reservationForm';

export interface ReservationRemoval {
  /** Ask for and then make the deletion of a reservation; `onRemoved` runs after the server deleted it. */
  remove(reservation: Reservation, onRemoved: () => void): void;
  /** The confirmation or the deletion-comments dialog: render it once on the page. */
  element: ReactNode;
}

interface Pending {
  reservation: Reservation;
  onRemoved(): void;
}

interface RemoveCall {
  reservation: Reservation;
  isSeriesDelete: boolean;
  comments?: string;
}

/**
 * Deleting a reservation (spec 3 sections 4 to 6): the reserver confirms (and picks this occurrence or the whole
 * series); anyone else, which the server allows only to an admin, gives a deletion comment that goes with the removal.
 */
export function useReservationRemoval(): ReservationRemoval {
  const [pending, setPending] = useState<Pending | null>(null);
  const remove = useCallback(
    (reservation: Reservation, onRemoved: () => void) => setPending({ reservation, onRemoved }),
    [],
  );
  const element = pending ? (
    <RemovalPrompt key={pending.reservation.reservationId} pending={pending} onDone={() => setPending(null)} />
  ) : null;
  return { remove, element };
}

function RemovalPrompt({ pending, onDone }: { pending: Pending; onDone(): void }) {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const { reservation } = pending;
  const own = reservation.reservedBy.userId === user.userId;

  const call = useMutation({
    mutationFn: ({ reservation: r, isSeriesDelete, comments }: RemoveCall) =>
      resultOf(
        client.reservations.remove({
          params: { id: r.reservationId },
          query: { isSeriesDelete, ...(comments === undefined ? {} : { comments }) },
          silent: true,
        }),
      ),
    onSuccess: (_, { isSeriesDelete }) => {
      void getToaster().then((toaster) =>
        toaster.show({
          message: isSeriesDelete ? t('reservation:deleted_series') : t('reservation:deleted'),
          intent: Intent.SUCCESS,
          icon: 'tick',
        }),
      );
      pending.onRemoved();
      onDone();
    },
    onError: (e) => {
      handOverSessionErrors(e);
      const problem = removeProblemOf(e);
      if (problem) {
        void getToaster().then((toaster) =>
          toaster.show({ message: t(problem), intent: Intent.DANGER, icon: 'error' }),
        );
      }
    },
  });

  const what = {
    instrument: instrumentLabel(reservation.serial, reservation.instrumentName),
    start: formatDateTime(reservation.startDate),
    end: formatDateTime(reservation.endDate),
    user: reservation.reservedBy.userName,
  };

  return own ? (
    <OwnRemoval
      reservation={reservation}
      what={what}
      busy={call.isPending}
      onCancel={onDone}
      onConfirm={(isSeriesDelete) => call.mutate({ reservation, isSeriesDelete })}
    />
  ) : (
    <CommentedRemoval
      what={what}
      busy={call.isPending}
      onCancel={onDone}
      onConfirm={(comments) => call.mutate({ reservation, isSeriesDelete: false, comments })}
    />
  );
}

type What = Record<'instrument' | 'start' | 'end' | 'user', string>;

interface OwnRemovalProps {
  reservation: Reservation;
  what: What;
  busy: boolean;
  onCancel(): void;
  onConfirm(isSeriesDelete: boolean): void;
}

/** The reserver's confirmation; a repeated reservation asks whether the whole series goes. */
function OwnRemoval({ reservation, what, busy, onCancel, onConfirm }: OwnRemovalProps) {
  const { t } = useTranslation();
  const [scope, setScope] = useState<'one' | 'series'>('one');
  const inSeries = reservation.seriesId !== null;
  return (
    <Alert
      isOpen
      intent={Intent.DANGER}
      icon="trash"
      confirmButtonText={t('reservation:delete')}
      cancelButtonText={t('cancel')}
      loading={busy}
      canEscapeKeyCancel={!busy}
      onConfirm={() => onConfirm(inSeries && scope === 'series')}
      onCancel={() => !busy && onCancel()}
    >
      <p>{t('reservation:delete_confirm', what)}</p>
      {inSeries && (
        <RadioGroup
          label={t('reservation:delete_scope')}
          selectedValue={scope}
          disabled={busy}
          onChange={(e) => setScope(e.currentTarget.value === 'series' ? 'series' : 'one')}
        >
          <Radio value="one" label={t('reservation:delete_occurrence')} />
          <Radio value="series" label={t('reservation:delete_series')} />
        </RadioGroup>
      )}
    </Alert>
  );
}

interface CommentedRemovalProps {
  what: What;
  busy: boolean;
  onCancel(): void;
  onConfirm(comments: string): void;
}

/** The deletion-comments dialog (500 px, a required comment of at most 250 characters, spec 3 sections 2 and 5). */
function CommentedRemoval({ what, busy, onCancel, onConfirm }: CommentedRemovalProps) {
  const { t } = useTranslation();
  const id = useId();
  const [comment, setComment] = useState('');
  const [checked, setChecked] = useState(false);
  const error = deletionCommentError(comment);
  const shown = checked ? error : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    if (error) return;
    onConfirm(comment.trim());
  };

  return (
    <Dialog
      isOpen
      onClose={() => !busy && onCancel()}
      title={t('reservation:delete_comment_title')}
      icon="trash"
      style={{ width: MODAL_WIDTH.narrow, maxWidth: '95vw' }}
      canOutsideClickClose={!busy}
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
              onChange={(e) => {
                setComment(e.currentTarget.value);
                if (e.currentTarget.value.trim() !== '') setChecked(true);
              }}
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
    </Dialog>
  );
}
