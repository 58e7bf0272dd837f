import dayjs, { type Dayjs } from 'dayjs';
import {
  CALENDAR_SLOT_MINUTES,
  CALENDAR_WORK_END_HOUR,
  CALENDAR_WORK_START_HOUR,
  RESERVATION_COMMENT_MAX,
  ReservationCreate,
  ReservationMessage,
  ReservationUpdate,
  type Recurrence,
  type Reservation,
} from '../contract/reservations';

export type ReservationDialogMode = 'add' | 'edit' | 'copy';
export type RepeatChoice = 'none' | Recurrence['frequency'];

/** The instrument a reservation is for, as the dialog shows it. */
export interface ReservationInstrument {
  equipmentId: number;
  label: string;
}

/** What the user fills in: times as `<input type="datetime-local">` values (local time, minutes), dates as YYYY-MM-DD. */
export interface ReservationDraft {
  instrument: ReservationInstrument | null;
  start: string;
  end: string;
  comments: string;
  repeat: RepeatChoice;
  /** Every n days or weeks, as typed. */
  interval: string;
  endBy: string;
}

export type ReservationField = 'instrument' | 'start' | 'end' | 'comments' | 'recurrence';
/** A message key of the namespace `reservation` (or `required_field` of common) per field. */
export type ReservationErrors = Partial<Record<ReservationField, string>>;

export const LOCAL_MINUTE_FORMAT = 'YYYY-MM-DDTHH:mm';
export const DATE_FORMAT = 'YYYY-MM-DD';
/** Length of a new reservation unless the user changes it. Chosen: not in spec. */
export const DEFAULT_DURATION_MINUTES = 60;
/** The end-by date a new series proposes: this many occurrences. Chosen: not in spec. */
const DEFAULT_SERIES_OCCURRENCES = 5;
/** Message of a comment longer than RESERVATION_COMMENT_MAX (the textarea stops there; pasted text may not). */
export const COMMENT_TOO_LONG = 'comments_too_long';
/** Message of an edited reservation whose end is not in the future (the server refuses it). */
export const END_IN_PAST = 'end_future';

/** A time on the half-hour grid of the calendar: the nearest slot boundary. */
export function snapToSlot(time: Dayjs): Dayjs {
  const minutes = time.hour() * 60 + time.minute() + time.second() / 60;
  const snapped = Math.round(minutes / CALENDAR_SLOT_MINUTES) * CALENDAR_SLOT_MINUTES;
  return time.startOf('day').add(snapped, 'minute');
}

/** The first slot boundary after `now`. */
export function nextSlot(now: Dayjs): Dayjs {
  const minutes = now.hour() * 60 + now.minute();
  const next = (Math.floor(minutes / CALENDAR_SLOT_MINUTES) + 1) * CALENDAR_SLOT_MINUTES;
  return now.startOf('day').add(next, 'minute');
}

/** Working days, Monday to Friday (0 is Sunday). The spec gives the hours (8 to 16), not the days. Chosen. */
export const WORKING_WEEKDAYS: readonly number[] = [1, 2, 3, 4, 5];

/**
 * The first slot boundary after `now` where a new reservation of the default length fits in the working hours of a
 * working day: later today, or the next working day's first slot.
 */
export function nextWorkingSlot(now: Dayjs): Dayjs {
  const candidate = nextSlot(now);
  const dayStart = candidate.startOf('day');
  const firstSlot = dayStart.hour(CALENDAR_WORK_START_HOUR);
  const lastSlot = dayStart.hour(CALENDAR_WORK_END_HOUR).subtract(DEFAULT_DURATION_MINUTES, 'minute');
  if (WORKING_WEEKDAYS.includes(candidate.day()) && !candidate.isAfter(lastSlot)) {
    return candidate.isBefore(firstSlot) ? firstSlot : candidate;
  }
  let day = dayStart.add(1, 'day');
  while (!WORKING_WEEKDAYS.includes(day.day())) day = day.add(1, 'day');
  return day.hour(CALENDAR_WORK_START_HOUR);
}

const toInput = (time: Dayjs) => time.format(LOCAL_MINUTE_FORMAT);

/** A typed datetime-local value on the half-hour grid ('' stays ''). */
export function snapInput(value: string): string {
  const time = dayjs(value);
  return value && time.isValid() ? toInput(snapToSlot(time)) : '';
}

/** The label of an instrument: serial, then make and model (or nickname). */
export const instrumentLabel = (serial: string | null, name: string | null) =>
  [serial, name].filter((part) => part && part.trim() !== '').join(' · ');

export interface DraftSource {
  mode: ReservationDialogMode;
  reservation?: Reservation;
  equipment?: ReservationInstrument;
  /** The slot's start (a Date, or its ISO text as a scenario gives it). */
  start?: Date | string;
}

/** The dialog's first values: a slot's time, the next working half hour, or the reservation edited or copied. */
export function initialDraft(source: DraftSource, now: Dayjs = dayjs()): ReservationDraft {
  const { reservation } = source;
  if (source.mode !== 'add' && reservation) {
    return {
      instrument: {
        equipmentId: reservation.equipmentId,
        label: instrumentLabel(reservation.serial, reservation.instrumentName),
      },
      start: toInput(dayjs(reservation.startDate)),
      end: toInput(dayjs(reservation.endDate)),
      comments: reservation.comments ?? '',
      repeat: 'none',
      interval: '1',
      endBy: '',
    };
  }
  const start = source.start ? snapToSlot(dayjs(source.start)) : nextWorkingSlot(now);
  return {
    instrument: source.equipment ?? null,
    start: toInput(start),
    end: toInput(start.add(DEFAULT_DURATION_MINUTES, 'minute')),
    comments: '',
    repeat: 'none',
    interval: '1',
    endBy: '',
  };
}

/** A new start moves the end with it, keeping the length the user had chosen. */
export function withStart(draft: ReservationDraft, typed: string): ReservationDraft {
  const start = snapInput(typed);
  const before = dayjs(draft.start);
  const end = dayjs(draft.end);
  if (!start || !draft.start || !draft.end || !before.isValid() || !end.isValid() || !end.isAfter(before)) {
    return { ...draft, start };
  }
  const length = end.diff(before, 'minute');
  return { ...draft, start, end: toInput(dayjs(start).add(length, 'minute')) };
}

/** Choosing to repeat proposes an end-by date a few occurrences ahead. */
export function withRepeat(draft: ReservationDraft, repeat: RepeatChoice): ReservationDraft {
  if (repeat === 'none' || draft.endBy) return { ...draft, repeat };
  const start = dayjs(draft.start);
  const base = start.isValid() ? start : dayjs();
  const interval = Math.max(1, Number.parseInt(draft.interval, 10) || 1);
  const unit = repeat === 'daily' ? 'day' : 'week';
  const endBy = base.add(interval * (DEFAULT_SERIES_OCCURRENCES - 1), unit).format(DATE_FORMAT);
  return { ...draft, repeat, endBy };
}

const instant = (value: string): string | null => {
  const time = dayjs(value);
  return value && time.isValid() ? time.format() : null;
};

const trimmedComments = (draft: ReservationDraft) => {
  const comments = draft.comments.trim();
  return comments === '' ? null : comments;
};

function recurrenceOf(draft: ReservationDraft): Recurrence | null {
  if (draft.repeat === 'none') return null;
  return { frequency: draft.repeat, interval: Number(draft.interval.trim() || Number.NaN), endBy: draft.endBy };
}

/** Body of POST Equipment/{id}/reservation. */
export const toCreateBody = (draft: ReservationDraft): ReservationCreate => ({
  startDate: instant(draft.start),
  endDate: instant(draft.end),
  comments: trimmedComments(draft),
  recurrence: recurrenceOf(draft),
});

/** Body of PUT Equipment/Reservation: one reservation, guarded by the lastUpdateTime it was read with. */
export const toUpdateBody = (draft: ReservationDraft, reservation: Reservation): ReservationUpdate => ({
  reservationId: reservation.reservationId,
  equipmentId: draft.instrument?.equipmentId ?? 0,
  startDate: instant(draft.start),
  endDate: instant(draft.end),
  comments: trimmedComments(draft),
  lastUpdateTime: reservation.lastUpdateTime,
});

const FIELD_OF_PATH: Record<string, ReservationField> = {
  equipmentId: 'instrument',
  startDate: 'start',
  endDate: 'end',
  comments: 'comments',
  recurrence: 'recurrence',
};

const KNOWN_MESSAGES = new Set<string>(Object.values(ReservationMessage));

/**
 * The field errors of a draft by the contract's own rules (ReservationCreate for add and copy, ReservationUpdate for
 * edit): the first message of each field, as a key of the `reservation` namespace.
 */
export function validateDraft(mode: ReservationDialogMode, draft: ReservationDraft, reservation?: Reservation) {
  const errors: ReservationErrors = {};
  const result =
    mode === 'edit' && reservation
      ? ReservationUpdate.safeParse(toUpdateBody(draft, reservation))
      : ReservationCreate.safeParse(toCreateBody(draft));
  if (mode !== 'edit' && draft.instrument === null) errors.instrument = ReservationMessage.equipment;
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = FIELD_OF_PATH[String(issue.path[0])];
      if (!field || errors[field]) continue;
      errors[field] = messageOf(field, issue.path, issue.message);
    }
  }
  if (mode === 'edit' && reservation) Object.assign(errors, { ...editTimeErrors(draft, reservation), ...errors });
  return errors;
}

/**
 * The server's further rules for an edit: a moved start must be in the future, and the end must be (a reservation
 * in progress keeps its start).
 */
function editTimeErrors(draft: ReservationDraft, reservation: Reservation): ReservationErrors {
  const errors: ReservationErrors = {};
  const start = instant(draft.start);
  const end = instant(draft.end);
  const now = Date.now();
  if (start && Date.parse(start) !== Date.parse(reservation.startDate) && Date.parse(start) <= now) {
    errors.start = ReservationMessage.startFuture;
  }
  if (end && Date.parse(end) <= now) errors.end = END_IN_PAST;
  return errors;
}

function messageOf(field: ReservationField, path: (string | number)[], message: string): string {
  if (KNOWN_MESSAGES.has(message)) return message;
  switch (field) {
    case 'instrument':
      return ReservationMessage.equipment;
    case 'start':
      return ReservationMessage.start;
    case 'end':
      return ReservationMessage.end;
    case 'comments':
      return COMMENT_TOO_LONG;
    case 'recurrence':
      return path[1] === 'endBy' ? ReservationMessage.endBy : ReservationMessage.recurrence;
  }
}

export const hasErrors = (errors: ReservationErrors) => Object.keys(errors).length > 0;

/** Whether the user changed anything the dialog would lose on closing. */
export const isDirty = (initial: ReservationDraft, draft: ReservationDraft) =>
  JSON.stringify(initial) !== JSON.stringify(draft);

/** Comment of an admin's deletion (spec 3 section 5): required, non-blank after trim, at most 250 characters. */
export function deletionCommentError(comment: string): string | null {
  const trimmed = comment.trim();
  if (trimmed === '') return 'required_field';
  if (trimmed.length > RESERVATION_COMMENT_MAX) return COMMENT_TOO_LONG;
  return null;
}
