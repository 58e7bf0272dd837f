import type { ReactNode } from 'react';
import { Button, PopupKind, Popover } from '@blueprintjs/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { layoutDayCell, type Item } from './entryLayout';

/** Side-by-side columns of overlapping entries a day cell holds. Chosen: not in spec (a day column is ~100 px). */
const MAX_COLUMNS = 2;
/** Entries a day cell shows before "+N more". Chosen: not in spec. */
const MAX_SHOWN = 3;

export interface WeekTrackProps {
  days: Date[];
  items: Item[];
  /** The instrument as its row names it. */
  instrument: string;
  /** Draws an entry in the flow of its cell. */
  entry(item: Item): ReactNode;
}

/**
 * A row's week: one cell per day with the day's entries (time and who or what), overlapping ones in columns side by
 * side, and "+N more" where the cell has no room; it opens the day's whole list.
 */
export function WeekTrack({ days, items, instrument, entry }: WeekTrackProps) {
  const { t } = useTranslation();
  return (
    <div className="calendar-week-track" style={{ gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))` }}>
      {days.map((day) => {
        const start = day.getTime();
        const end = dayjs(day).add(1, 'day').valueOf();
        const ofDay = items.filter((item) => item.start < end && item.end > start);
        const { groups, hidden } = layoutDayCell(ofDay, MAX_COLUMNS, MAX_SHOWN);
        const dayName = dayjs(day).format('dddd, ll');
        const more = t('calendar:more_entries', { count: hidden.length });
        return (
          <div key={start} className="calendar-day-cell">
            {groups.map((columns, index) => (
              <div key={index} className="calendar-entry-group">
                {columns.map((column, lane) => (
                  <div key={lane} className="calendar-entry-column">
                    {column.map((item) => entry(item))}
                  </div>
                ))}
              </div>
            ))}
            {hidden.length > 0 && (
              <Popover
                placement="bottom"
                popupKind={PopupKind.DIALOG}
                autoFocus
                shouldReturnFocusOnClose
                content={
                  <div
                    className="calendar-popover calendar-day-list"
                    role="dialog"
                    aria-label={t('calendar:day_entries', { instrument, day: dayName })}
                  >
                    <strong>{dayName}</strong>
                    {[...ofDay].sort((a, b) => a.start - b.start || a.end - b.end).map((item) => entry(item))}
                  </div>
                }
              >
                <Button
                  className="calendar-more"
                  variant="minimal"
                  size="small"
                  text={more}
                  aria-label={t('calendar:more_entries_label', { more, day: dayName })}
                />
              </Popover>
            )}
          </div>
        );
      })}
    </div>
  );
}
