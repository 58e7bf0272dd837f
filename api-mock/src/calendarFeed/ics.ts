import ical, { ICalEventStatus } from 'ical-generator';
import { instrumentName } from '../reservations/queries';
import { languageCodeOf } from '../lib/languages';
import type { FeedReservationRow, FeedVisitRow } from './queries';
import { FEED_WORDS } from './words';

interface Instrument {
  serial: string | null;
  mfg: string | null;
  model: string | null;
  system_nick_name: string | null;
  building: string | null;
  floor: string | null;
  room: string | null;
  city: string | null;
}

const nameOf = (row: Instrument) => instrumentName(row) ?? row.serial ?? '';
const placeOf = (row: Instrument) => [row.building, row.floor, row.room, row.city].filter(Boolean).join(', ') || null;
const lines = (pairs: [string, string | null][]) =>
  pairs
    .filter(([, value]) => value)
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');

/** Seconds from creation to the last change: grows with every change, so a client takes the newer copy. */
const sequenceOf = (created: Date, changed: Date) =>
  Math.max(0, Math.floor((changed.getTime() - created.getTime()) / 1000));

/**
 * The feed as RFC 5545, written by ical-generator. Times are UTC (`…Z`): the portal keeps instants, not a site's time
 * zone, and every calendar app shows a UTC time in its user's zone, right across daylight-saving changes, without a
 * VTIMEZONE to keep up to date. Each UID names the record, so a moved reservation replaces its old copy.
 */
export function feedCalendar(opts: {
  origin: string;
  language: string | null;
  now: Date;
  reservations: FeedReservationRow[];
  visits: FeedVisitRow[];
}): string {
  const words = FEED_WORDS[languageCodeOf(opts.language)];
  const domain = new URL(opts.origin).hostname;
  const calendar = ical({
    name: words.calendarName,
    prodId: { company: 'Instrument portal', product: 'Calendar feed', language: languageCodeOf(opts.language) },
    ttl: 60 * 60,
  });
  for (const r of opts.reservations) {
    calendar.createEvent({
      id: `reservation-${r.id}@${domain}`,
      start: r.start_date,
      end: r.end_date,
      stamp: opts.now,
      created: r.created_at,
      lastModified: r.last_update_time,
      sequence: sequenceOf(r.created_at, r.last_update_time),
      summary: words.reservation.replace('{instrument}', nameOf(r)),
      location: placeOf(r),
      description: [lines([[words.serial, r.serial]]), r.comments].filter(Boolean).join('\n'),
      status: ICalEventStatus.CONFIRMED,
    });
  }
  for (const v of opts.visits) {
    calendar.createEvent({
      id: `work-order-${v.id}@${domain}`,
      start: v.start_date!,
      end: v.end_date,
      stamp: opts.now,
      created: v.date_time_call_received,
      summary: words.serviceVisit.replace('{instrument}', nameOf(v)),
      location: placeOf(v),
      description: lines([
        [words.workOrder, v.service_order_no],
        [words.serial, v.serial],
        [words.jobType, v.job_type],
        [words.status, v.call_status],
      ]),
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
