import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, H2, Radio, RadioGroup } from '@blueprintjs/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CalendarDatePicker } from './CalendarDatePicker';
import {
  SERVICE_TYPE_GROUPS,
  type CalendarLayout,
  type ReservationFilterMode,
  type ServiceTypeGroup,
} from './calendarLayout';

export interface CalendarSidebarProps {
  layout: CalendarLayout;
  /** The day the calendar shows (its period holds it). */
  anchor: Date;
  /** Days of the shown month with reservations, YYYY-MM-DD. */
  reservedDays: readonly string[];
  collapsed: boolean;
  onToggle(): void;
  onPickDate(date: Date): void;
  /** The month the date picker shows, for the overview of reserved days. */
  onMonthShown(month: Date): void;
  onChange(change: Partial<CalendarLayout>): void;
}

/** The calendar's sidebar: date overview, service-order types, all or my reservations (spec 3 section 2). */
export function CalendarSidebar(props: CalendarSidebarProps) {
  const { t } = useTranslation();
  const { layout, anchor, onMonthShown } = props;
  const [month, setMonth] = useState(() => dayjs(anchor).startOf('month').toDate());
  useEffect(() => {
    const shown = dayjs(anchor).startOf('month').toDate();
    setMonth((current) => (current.getTime() === shown.getTime() ? current : shown));
  }, [anchor]);
  useEffect(() => onMonthShown(month), [month, onMonthShown]);
  const reserved = useMemo(() => props.reservedDays.map((d) => dayjs(d).toDate()), [props.reservedDays]);

  if (props.collapsed) {
    return (
      <aside
        className="calendar-sidebar calendar-sidebar-collapsed"
        aria-label={t('calendar:sidebar')}
        data-tour="calendar-sidebar"
      >
        <Button
          variant="minimal"
          icon="double-chevron-right"
          aria-label={t('calendar:sidebar_expand')}
          aria-expanded={false}
          onClick={props.onToggle}
        />
      </aside>
    );
  }

  const checked = layout.serviceOrderTypeCheckedKeys;
  const setGroup = (group: ServiceTypeGroup, ids: number[]) =>
    props.onChange({ serviceOrderTypeCheckedKeys: { ...checked, [group]: ids } });
  const toggleType = (group: ServiceTypeGroup, id: number, on: boolean) =>
    setGroup(
      group,
      SERVICE_TYPE_GROUPS[group].filter((type) => (type === id ? on : checked[group].includes(type))),
    );

  return (
    <aside className="calendar-sidebar" aria-label={t('calendar:sidebar')} data-tour="calendar-sidebar">
      <div className="calendar-sidebar-top">
        <Button
          variant="minimal"
          icon="double-chevron-left"
          aria-label={t('calendar:sidebar_collapse')}
          aria-expanded
          onClick={props.onToggle}
        />
      </div>
      <CalendarDatePicker anchor={anchor} reserved={reserved} onPickDate={props.onPickDate} onMonthChange={setMonth} />
      {(['scheduledEvent', 'serviceWork'] as const).map((group) => {
        const ids = SERVICE_TYPE_GROUPS[group];
        const count = ids.filter((id) => checked[group].includes(id)).length;
        const headingId = `calendar-types-${group}`;
        return (
          <fieldset key={group} className="calendar-types" aria-labelledby={headingId}>
            <H2 className="portal-heading-6" id={headingId}>
              {t(`calendar:group_${group}`)}
            </H2>
            <Checkbox
              label={t('calendar:select_all')}
              aria-label={t('calendar:select_all_of', { group: t(`calendar:group_${group}`) })}
              checked={count === ids.length}
              indeterminate={count > 0 && count < ids.length}
              onChange={(e) => setGroup(group, e.currentTarget.checked ? [...ids] : [])}
            />
            <div className="calendar-type-list">
              {ids.map((id) => (
                <Checkbox
                  key={id}
                  label={t(`calendar:service_type_${id}`)}
                  checked={checked[group].includes(id)}
                  onChange={(e) => toggleType(group, id, e.currentTarget.checked)}
                />
              ))}
            </div>
          </fieldset>
        );
      })}
      <RadioGroup
        label={t('calendar:reservations')}
        selectedValue={layout.reservationFilterMode}
        onChange={(e) => props.onChange({ reservationFilterMode: e.currentTarget.value as ReservationFilterMode })}
      >
        <Radio value="all" label={t('calendar:all_reservations')} />
        <Radio value="mine" label={t('calendar:my_reservations')} />
      </RadioGroup>
    </aside>
  );
}
