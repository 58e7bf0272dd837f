import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors';
import { ReservationCreate, ReservationUpdate, type Reservation } from '../../contract/reservations';
import { RequestFailure } from '../../web/src/lib/requestErrors';
import { REMOVE_FAILURES, SAVE_FAILURES } from '../../web/src/components/reservations/reservationFailures';
import { failureMessage } from '../../web/src/lib/failureMessage';
import {
  deletionCommentError,
  initialDraft,
  nextWorkingSlot,
  isDirty,
  nextSlot,
  snapInput,
  snapToSlot,
  toCreateBody,
  toUpdateBody,
  validateDraft,
  withRepeat,
  withStart,
  type ReservationDraft,
} from '../../machines/reservationForm';

/** A local time `days` from today at hh:mm (the form works in the browser's local time). */
const at = (days: number, hour: number, minute = 0) =>
  dayjs().startOf('day').add(days, 'day').hour(hour).minute(minute);
const input = (time: dayjs.Dayjs) => time.format('YYYY-MM-DDTHH:mm');

const instrument = { equipmentId: 7, label: 'SN-1 · Acme X100' };

const draftOf = (overrides: Partial<ReservationDraft> = {}): ReservationDraft => ({
  instrument,
  start: input(at(2, 10)),
  end: input(at(2, 11)),
  comments: '',
  repeat: 'none',
  interval: '1',
  endBy: '',
  ...overrides,
});

const reservation = (overrides: Partial<Reservation> = {}): Reservation => ({
  reservationId: 31,
  equipmentId: 7,
  serial: 'SN-1',
  instrumentName: 'Acme X100',
  city: 'Boston',
  building: null,
  floor: null,
  room: null,
  comments: 'Column test',
  startDate: at(-3, 9).format(),
  endDate: at(-3, 12, 30).format(),
  reservedBy: { userId: 4, userName: 'Uma User', avatarThumbnailUrl: null },
  seriesId: null,
  lastUpdateTime: '2026-01-05T08:00:00.000Z',
  ...overrides,
});

describe('half-hour grid', () => {
  it('snaps a time to the nearest half hour', () => {
    expect(snapToSlot(at(0, 10, 14)).format('HH:mm')).toBe('10:00');
    expect(snapToSlot(at(0, 10, 15)).format('HH:mm')).toBe('10:30');
    expect(snapToSlot(at(0, 10, 44)).format('HH:mm')).toBe('10:30');
    expect(snapToSlot(at(0, 23, 50)).isSame(at(1, 0))).toBe(true);
  });

  it('the next slot is the first boundary after now', () => {
    expect(nextSlot(at(0, 10, 0)).isSame(at(0, 10, 30))).toBe(true);
    expect(nextSlot(at(0, 10, 29)).isSame(at(0, 10, 30))).toBe(true);
    expect(nextSlot(at(0, 23, 45)).isSame(at(1, 0))).toBe(true);
  });

  it('the next working slot is later the same working day, or the next working day at the first working hour', () => {
    // 2026-11-30 is a Monday.
    const local = (text: string) => nextWorkingSlot(dayjs(text)).format('YYYY-MM-DDTHH:mm');
    expect(local('2026-11-30T06:40')).toBe('2026-11-30T08:00');
    expect(local('2026-11-30T10:07')).toBe('2026-11-30T10:30');
    // The default hour must end by 16:00: 15:00 is the last start, after it the next morning.
    expect(local('2026-11-30T14:31')).toBe('2026-11-30T15:00');
    expect(local('2026-11-30T15:01')).toBe('2026-12-01T08:00');
    expect(local('2026-11-30T23:20')).toBe('2026-12-01T08:00');
    // Friday evening and the weekend go to Monday.
    expect(local('2026-12-04T17:00')).toBe('2026-12-07T08:00');
    expect(local('2026-12-05T11:00')).toBe('2026-12-07T08:00');
    expect(local('2026-12-06T23:45')).toBe('2026-12-07T08:00');
  });

  it('snaps a typed input value and leaves an empty one empty', () => {
    expect(snapInput(input(at(1, 9, 50)))).toBe(input(at(1, 10)));
    expect(snapInput('')).toBe('');
  });
});

describe('first values of the dialog', () => {
  it('add without a slot starts at the next working half hour for one hour, with no instrument', () => {
    const draft = initialDraft({ mode: 'add' }, dayjs('2026-12-01T13:05'));
    expect(draft).toMatchObject({ instrument: null, start: '2026-12-01T13:30', end: '2026-12-01T14:30' });
  });

  it("add from a slot takes the slot's instrument and snapped start", () => {
    const draft = initialDraft({ mode: 'add', equipment: instrument, start: at(1, 8, 10).toDate() });
    expect(draft).toMatchObject({ instrument, start: input(at(1, 8)), end: input(at(1, 9)), repeat: 'none' });
  });

  it('edit and copy take instrument, times and comments of the reservation', () => {
    for (const mode of ['edit', 'copy'] as const) {
      expect(initialDraft({ mode, reservation: reservation() })).toMatchObject({
        instrument: { equipmentId: 7, label: 'SN-1 · Acme X100' },
        start: input(at(-3, 9)),
        end: input(at(-3, 12, 30)),
        comments: 'Column test',
      });
    }
  });

  it('a moved start takes the end along, keeping the length', () => {
    const moved = withStart(draftOf({ end: input(at(2, 12, 30)) }), input(at(3, 14)));
    expect(moved).toMatchObject({ start: input(at(3, 14)), end: input(at(3, 16, 30)) });
  });

  it('choosing to repeat proposes an end-by date four intervals ahead', () => {
    expect(withRepeat(draftOf(), 'weekly').endBy).toBe(at(2, 10).add(4, 'week').format('YYYY-MM-DD'));
    expect(withRepeat(draftOf({ interval: '2' }), 'daily').endBy).toBe(at(10, 0).format('YYYY-MM-DD'));
  });

  it('is dirty only after a change', () => {
    const initial = draftOf();
    expect(isDirty(initial, { ...initial })).toBe(false);
    expect(isDirty(initial, { ...initial, comments: 'x' })).toBe(true);
  });
});

describe('validation with the contract schemas', () => {
  it('a complete future reservation passes', () => {
    expect(validateDraft('add', draftOf())).toEqual({});
  });

  it('asks for an instrument when adding without one', () => {
    expect(validateDraft('add', draftOf({ instrument: null }))).toEqual({ instrument: 'calendar_OSTag_select_err' });
    expect(validateDraft('edit', draftOf({ instrument: null }), reservation()).instrument).toBe(
      'calendar_OSTag_select_err',
    );
  });

  it('asks for start and end times', () => {
    expect(validateDraft('add', draftOf({ start: '', end: '' }))).toEqual({
      start: 'calendar_start_time_err',
      end: 'calendar_end_time_err',
    });
  });

  it('a new or copied reservation must start in the future', () => {
    const past = draftOf({ start: input(at(-1, 10)), end: input(at(-1, 11)) });
    expect(validateDraft('add', past).start).toBe('calendar_start_future');
    expect(validateDraft('copy', past).start).toBe('calendar_start_future');
  });

  it('an edit keeps the started start of a reservation in progress, but a moved start and the end must be ahead', () => {
    const running = reservation({ startDate: at(-1, 9).format(), endDate: at(1, 9).format() });
    const kept = draftOf({ start: input(at(-1, 9)), end: input(at(1, 12)) });
    expect(validateDraft('edit', kept, running)).toEqual({});
    expect(validateDraft('edit', { ...kept, start: input(at(-1, 10)) }, running).start).toBe('calendar_start_future');
    expect(validateDraft('edit', { ...kept, end: input(at(-1, 12)) }, running).end).toBe('end_future');
    expect(validateDraft('edit', { ...kept, end: input(at(-1, 8)) }, running).end).toBe('calendar_end_grater');
  });

  it('the end must come after the start, and at least half an hour later', () => {
    expect(validateDraft('add', draftOf({ end: input(at(2, 9)) })).end).toBe('calendar_end_grater');
    expect(validateDraft('add', draftOf({ end: input(at(2, 10)) })).end).toBe('calendar_end_grater');
    expect(validateDraft('add', draftOf({ end: input(at(2, 10, 15)) })).end).toBe('calendar_time_period_err');
  });

  it('checks the repeat interval and the end-by date', () => {
    const weekly = { repeat: 'weekly' as const, endBy: at(30, 0).format('YYYY-MM-DD') };
    expect(validateDraft('add', draftOf({ ...weekly, interval: '0' })).recurrence).toBe('recurrency_error');
    expect(validateDraft('add', draftOf({ ...weekly, interval: '' })).recurrence).toBe('recurrency_error');
    expect(validateDraft('add', draftOf({ ...weekly, interval: '53' })).recurrence).toBe('recurrency_error');
    expect(validateDraft('add', draftOf({ ...weekly, endBy: '' })).recurrence).toBe('end_by_validation');
    expect(validateDraft('add', draftOf({ ...weekly, endBy: at(0, 0).format('YYYY-MM-DD') })).recurrence).toBe(
      'end_by_validation',
    );
    expect(validateDraft('add', draftOf({ ...weekly, endBy: at(400, 0).format('YYYY-MM-DD') })).recurrence).toBe(
      'end_by_validation',
    );
    expect(validateDraft('add', draftOf({ ...weekly, interval: '2' }))).toEqual({});
  });

  it('flags a comment longer than 250 characters', () => {
    expect(validateDraft('add', draftOf({ comments: 'x'.repeat(251) })).comments).toBe('comments_too_long');
    expect(validateDraft('add', draftOf({ comments: 'x'.repeat(250) }))).toEqual({});
  });
});

describe('request bodies', () => {
  it('a new reservation sends instants with an offset, trimmed comments and the recurrence', () => {
    const body = toCreateBody(
      draftOf({ comments: '  bring buffers ', repeat: 'daily', interval: '2', endBy: '2030-01-10' }),
    );
    expect(body).toEqual({
      startDate: at(2, 10).format(),
      endDate: at(2, 11).format(),
      comments: 'bring buffers',
      recurrence: { frequency: 'daily', interval: 2, endBy: '2030-01-10' },
    });
    expect(Date.parse(body.startDate!)).toBe(at(2, 10).valueOf());
    expect(toCreateBody(draftOf({ comments: '   ' }))).toMatchObject({ comments: null, recurrence: null });
    expect(ReservationCreate.safeParse(toCreateBody(draftOf())).success).toBe(true);
  });

  it('an edit sends the reservation, its (possibly new) instrument and the lastUpdateTime it was read with', () => {
    const body = toUpdateBody(draftOf({ instrument: { equipmentId: 9, label: 'other' } }), reservation());
    expect(body).toMatchObject({ reservationId: 31, equipmentId: 9, lastUpdateTime: '2026-01-05T08:00:00.000Z' });
    expect(ReservationUpdate.safeParse(body).success).toBe(true);
  });
});

describe('deletion comment', () => {
  it('is required, non-blank after trim, at most 250 characters', () => {
    expect(deletionCommentError('')).toBe('required_field');
    expect(deletionCommentError('   \n ')).toBe('required_field');
    expect(deletionCommentError('Service visit needs the instrument')).toBeNull();
    expect(deletionCommentError('x'.repeat(250))).toBeNull();
    expect(deletionCommentError('x'.repeat(251))).toBe('comments_too_long');
  });
});

describe('what a failed call tells the user', () => {
  const api = (errorCode: number) => new RequestFailure({ kind: 'api', errorCode });
  const http = (status: number, errorMessage?: string) =>
    new RequestFailure({ kind: 'http', status, statusText: '', errorMessage });
  const saveProblemOf = (e: unknown) => failureMessage(e, SAVE_FAILURES)?.key ?? null;
  const removeProblemOf = (e: unknown) => failureMessage(e, REMOVE_FAILURES)?.key ?? null;

  it('saving: the catalogue text of a conflict, a changed reservation or an unknown instrument', () => {
    expect(saveProblemOf(api(ErrorCode.ReservationConflict))).toBe('errorMessage:error_msg_16201');
    expect(saveProblemOf(api(ErrorCode.ReservationChanged))).toBe('errorMessage:error_msg_16202');
    expect(saveProblemOf(api(ErrorCode.EquipmentNotFound))).toBe('errorMessage:error_msg_10002');
    expect(saveProblemOf(api(ErrorCode.CustomerChanged))).toBeNull();
    expect(saveProblemOf(http(403))).toBe('reservation:save_not_allowed');
    expect(saveProblemOf(http(400, 'calendar_start_future'))).toBe('reservation:calendar_start_future');
    expect(saveProblemOf(http(400, 'whatever'))).toBe('reservation:save_refused');
    expect(saveProblemOf(http(401))).toBeNull();
    expect(saveProblemOf(new RequestFailure({ kind: 'aborted' }))).toBeNull();
  });

  it('deleting: not allowed, gone, refused', () => {
    expect(removeProblemOf(http(403))).toBe('reservation:delete_not_allowed');
    expect(removeProblemOf(http(404))).toBe('reservation:reservation_gone');
    expect(removeProblemOf(http(400))).toBe('reservation:delete_refused');
    expect(removeProblemOf(http(500))).toBe('errorMessage:system_error');
    expect(removeProblemOf(new Error('offline'))).toBe('errorMessage:network_error');
  });
});
