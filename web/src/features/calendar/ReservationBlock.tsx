import type { CSSProperties } from 'react';
import { Button, ButtonGroup, Classes, H2, Icon, Intent, Popover, PopupKind } from '@blueprintjs/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CalendarServiceEvent, Reservation } from '../../../../contract/reservations';
import { ReserverAvatar, type ReservationPermissions } from '../../components/reservations';
import { formatDateTime } from '../../lib/dates';

/** Start and end of a period, the end's date left out when it is the start's day. */
export function formatPeriod(start: string | Date, end: string | Date): string {
  const sameDay = dayjs(start).isSame(end, 'day');
  return `${formatDateTime(start)} – ${sameDay ? dayjs(end).format('LT') : formatDateTime(end)}`;
}

/**
 * An entry's time as its block shows it, short: "9:00 – 11:00 AM", with the dates when it does not start and end on
 * the same day.
 */
export function formatEntryTime(start: number, end: number, language: string): string {
  const sameDay = dayjs(start).isSame(end, 'day');
  const key = `${language}|${sameDay}`;
  let format = ENTRY_TIME_FORMATS.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      ...(sameDay ? {} : { month: 'numeric', day: 'numeric' }),
      hour: 'numeric',
      minute: '2-digit',
    });
    ENTRY_TIME_FORMATS.set(key, format);
  }
  return format.formatRange(start, end);
}

/** Making a format costs more than using it: one per language and kind. */
const ENTRY_TIME_FORMATS = new Map<string, Intl.DateTimeFormat>();

export interface ReservationActions {
  edit(reservation: Reservation): void;
  copy(reservation: Reservation): void;
  remove(reservation: Reservation): void;
  history(reservation: Reservation): void;
  permissionsOf(reservation: Reservation): ReservationPermissions;
  isMine(reservation: Reservation): boolean;
}

export interface ReservationBlockProps {
  reservation: Reservation;
  /** The instrument as its row names it. */
  instrument: string;
  style?: CSSProperties;
  /** The time the block shows (formatEntryTime). */
  time: string;
  actions: ReservationActions;
}

/** A reservation on the calendar: a coloured button that opens its details and actions. */
export function ReservationBlock({ reservation, instrument, style, time, actions }: ReservationBlockProps) {
  const { t } = useTranslation();
  const mine = actions.isMine(reservation);
  const allowed = actions.permissionsOf(reservation);
  const period = formatPeriod(reservation.startDate, reservation.endDate);
  const label = t('calendar:reservation_label', { name: reservation.reservedBy.userName, instrument, period });

  const details = (
    <div className="calendar-popover" role="dialog" aria-label={label}>
      <H2 className="portal-heading-5">{reservation.serial ?? instrument}</H2>
      <dl>
        <dt>{t('calendar:instrument')}</dt>
        <dd>{reservation.instrumentName ?? instrument}</dd>
        <dt>{t('calendar:time')}</dt>
        <dd>{period}</dd>
        <dt>{t('calendar:reserved_by')}</dt>
        <dd>
          <ReserverAvatar reservedBy={reservation.reservedBy} />
        </dd>
        <dt>{t('calendar:comments')}</dt>
        <dd className="calendar-comments">{reservation.comments || t('calendar:no_comments')}</dd>
      </dl>
      <ButtonGroup>
        {allowed.edit && (
          <Button
            className={Classes.POPOVER_DISMISS}
            icon="edit"
            text={t('calendar:edit')}
            onClick={() => actions.edit(reservation)}
          />
        )}
        <Button
          className={Classes.POPOVER_DISMISS}
          icon="duplicate"
          text={t('calendar:copy')}
          onClick={() => actions.copy(reservation)}
        />
        {allowed.remove && (
          <Button
            className={Classes.POPOVER_DISMISS}
            icon="trash"
            intent={Intent.DANGER}
            text={t('calendar:delete')}
            onClick={() => actions.remove(reservation)}
          />
        )}
      </ButtonGroup>
      <Button
        className={`${Classes.POPOVER_DISMISS} calendar-popover-history`}
        variant="minimal"
        size="small"
        icon="history"
        text={t('history:show_history')}
        onClick={() => actions.history(reservation)}
      />
    </div>
  );

  return (
    <Popover
      content={details}
      placement="bottom"
      popupKind={PopupKind.DIALOG}
      autoFocus
      shouldReturnFocusOnClose
      // A native button turns Enter and Space into a click itself; Blueprint's key handler would open the popover
      // on the key and the click would close it again.
      renderTarget={({ isOpen, className, onKeyDown: _keyboardClick, ...targetProps }) => (
        <button
          {...targetProps}
          type="button"
          className={`${className ?? ''} calendar-block ${mine ? 'calendar-block-mine' : 'calendar-block-other'}`}
          style={style}
          aria-expanded={isOpen}
          title={label}
        >
          {/* The visible text is short; the name read out is the whole label (instrument and time). */}
          <span className="calendar-block-time" aria-hidden>
            {time}
          </span>
          <span className="calendar-block-text" aria-hidden>
            {reservation.reservedBy.userName}
          </span>
          <span className="calendar-sr-only">{label}</span>
        </button>
      )}
    />
  );
}

export interface ServiceBlockProps {
  event: CalendarServiceEvent;
  /** The whole label read out: type, order, instrument and period. */
  label: string;
  /** The time the block shows (formatEntryTime). */
  time: string;
  style?: CSSProperties;
}

/** A service visit on the calendar: its time and type. */
export function ServiceBlock({ event, label, time, style }: ServiceBlockProps) {
  const { t } = useTranslation();
  return (
    <div role="note" className="calendar-service" style={style} aria-label={label} title={label}>
      <span className="calendar-block-time">
        <Icon icon="wrench" size={12} aria-hidden />
        {time}
      </span>
      <span className="calendar-block-text">{t(`calendar:service_type_${event.serviceCallType}`)}</span>
    </div>
  );
}
