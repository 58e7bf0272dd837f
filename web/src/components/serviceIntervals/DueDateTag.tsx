import { Intent, Tag, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates';
import { dueStatusOf, type DueStatus } from './dueStatus';

const LOOK: Record<Exclude<DueStatus, 'later'>, { intent: Intent; icon: IconName }> = {
  overdue: { intent: Intent.DANGER, icon: 'error' },
  soon: { intent: Intent.WARNING, icon: 'time' },
};

/** A due date as text: the date, and "overdue" or "due soon" in words where it is (not only in colour). */
export function useDueText() {
  const { t } = useTranslation();
  return (due: string) => {
    const status = dueStatusOf(due);
    const date = formatDate(due);
    return status === 'later' || status === null ? date : t(`serviceIntervals:due_${status}`, { date });
  };
}

/**
 * A due date: plain when it is far, a warning tag with a clock when due within 30 days, a danger tag with an error
 * sign when overdue; the tag's text says which, so it reads without colour and to a screen reader.
 */
export function DueDateTag({ due, testId }: { due: string | null | undefined; testId?: string }) {
  const text = useDueText();
  if (!due) return null;
  const status = dueStatusOf(due);
  if (status === 'later' || status === null) return <span data-testid={testId}>{text(due)}</span>;
  const { intent, icon } = LOOK[status];
  return (
    <Tag minimal intent={intent} icon={icon} data-testid={testId} data-due={status}>
      {text(due)}
    </Tag>
  );
}
