import type { CSSProperties } from 'react';
import { Icon } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CalendarDueDate } from '../../../../contract/dueDates';
import './dueDates.css';

export interface DueDateBlockProps {
  due: CalendarDueDate;
  /** The whole label read out: kind, instrument and date, overdue or not. */
  label: string;
  overdue: boolean;
  /** The instrument's page. */
  to: string;
  style?: CSSProperties;
}

/** A due date on the calendar, beside the service visits: a link to the instrument, styled apart from visits. */
export function DueDateBlock({ due, label, overdue, to, style }: DueDateBlockProps) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      className={`calendar-service calendar-due${overdue ? ' calendar-due-overdue' : ''}`}
      style={style}
      title={label}
    >
      {/* The visible text is short; the name read out is the whole label (kind, instrument and date). */}
      <span className="calendar-block-time" aria-hidden>
        <Icon icon={overdue ? 'warning-sign' : 'time'} size={12} aria-hidden />
        {overdue ? t('dueDates:overdue') : t('dueDates:calendar_due')}
      </span>
      <span className="calendar-block-text" aria-hidden>
        {t(`calendar:service_type_${due.serviceCallType}`)}
      </span>
      <span className="calendar-sr-only">{label}</span>
    </Link>
  );
}
