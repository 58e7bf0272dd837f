import { Classes } from '@blueprintjs/core';
import { DatePicker3 } from '@blueprintjs/datetime2';
import type { Locale } from 'date-fns';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../lib/languages';

/** The date-fns locale of each language for the date picker, loaded on demand (English is built in). */
const DATE_FNS_LOCALES: Record<Language, (() => Promise<{ default: Locale }>) | null> = {
  'en-us': null,
  'zh-cn': () => import('date-fns/locale/zh-CN'),
  'zh-tw': () => import('date-fns/locale/zh-TW'),
  de: () => import('date-fns/locale/de'),
  fr: () => import('date-fns/locale/fr'),
  it: () => import('date-fns/locale/it'),
  ja: () => import('date-fns/locale/ja'),
  pt: () => import('date-fns/locale/pt'),
  es: () => import('date-fns/locale/es'),
};

const loadLocale = async (code: string) => (await DATE_FNS_LOCALES[code as Language]?.())?.default;

export interface CalendarDatePickerProps {
  /** The day the calendar shows. */
  anchor: Date;
  /** Days marked as having reservations. */
  reserved: Date[];
  onPickDate(date: Date): void;
  onMonthChange(month: Date): void;
}

/** The sidebar's month overview: picks the day the calendar shows and marks the days with reservations. */
export function CalendarDatePicker({ anchor, reserved, onPickDate, onMonthChange }: CalendarDatePickerProps) {
  const { t, i18n } = useTranslation();
  return (
    <DatePicker3
      className="calendar-date-picker"
      value={anchor}
      locale={i18n.language}
      dateFnsLocaleLoader={loadLocale}
      highlightCurrentDay
      minDate={dayjs().subtract(5, 'year').startOf('year').toDate()}
      maxDate={dayjs().add(5, 'year').endOf('year').toDate()}
      onChange={(date, isUserChange) => {
        if (date && isUserChange) onPickDate(date);
      }}
      dayPickerProps={{
        onMonthChange,
        modifiers: { reserved },
        modifiersClassNames: { reserved: 'calendar-day-reserved' },
      }}
      footerElement={<p className={Classes.TEXT_MUTED}>{t('calendar:reserved_days_hint')}</p>}
    />
  );
}
