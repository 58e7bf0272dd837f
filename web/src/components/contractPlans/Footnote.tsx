import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The id of a tip's list item, unique within the page for one plan group. */
export const tipId = (groupId: string, tip: number) => `${groupId}-tip${tip}`;

/**
 * A footnote marker linking to a tip. Following it moves the focus to the tip (inside the dialog, without touching
 * the page's address).
 */
export function Footnote({ groupId, tip }: { groupId: string; tip: number }) {
  const { t } = useTranslation('contractPlans');
  const id = tipId(groupId, tip);
  const follow = (e: MouseEvent) => {
    e.preventDefault();
    const target = document.getElementById(id);
    target?.scrollIntoView({ block: 'nearest' });
    target?.focus();
  };
  return (
    <sup>
      <a href={`#${id}`} aria-label={t('contractPlans:footnote', { n: tip })} onClick={follow}>
        {tip}
      </a>
    </sup>
  );
}
