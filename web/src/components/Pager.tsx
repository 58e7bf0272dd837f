import { useState } from 'react';
import { Button, ButtonGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { pagerPosition } from './pagerPosition';

/**
 * Previous / next paging of a list with its position (page size fixed by the list). `of` names the list, for a screen
 * with more than one pager: each is a navigation landmark, which needs a name of its own.
 *
 * A total that is not exact (`exact` false: more rows match than the server counts) is a lower bound: the position
 * says "10,000+", the page has no "of N", and next stays open while the page is full (`pageRows`). While the list's
 * own count call runs (`counting`) it says so; its answer (`counted`) then stands for the total: exact, with the page
 * count, or "more than N".
 *
 * While the rows on screen are the last answer kept in place of the page asked for (`placeholder`: the page moved or
 * the query changed and its answer has not come), the pager stays on the page those rows are: its position, its
 * buttons and what it announces describe the rows the user sees, never a page not yet shown.
 */
export function Pager(props: {
  pageIndex: number;
  pageSize: number;
  totalCount: number;
  onPage(index: number): void;
  of?: string;
  exact?: boolean;
  pageRows?: number;
  counting?: boolean;
  counted?: { count: number; exact: boolean };
  placeholder?: boolean;
}) {
  const { t } = useTranslation();
  const [shownIndex, setShownIndex] = useState(props.pageIndex);
  if (!props.placeholder && shownIndex !== props.pageIndex) setShownIndex(props.pageIndex);
  const pageIndex = props.placeholder ? shownIndex : props.pageIndex;
  const listExact = props.exact !== false;
  const counted = listExact ? undefined : props.counted;
  const exact = listExact || counted?.exact === true;
  const { first, last, total, pages, hasNext } = pagerPosition({
    pageIndex,
    pageSize: props.pageSize,
    totalCount: counted ? Math.max(counted.count, counted.exact ? 0 : props.totalCount) : props.totalCount,
    exact,
    pageRows: props.pageRows ?? props.pageSize,
  });
  const position = exact
    ? t('pager_position', { first, last, total })
    : counted
      ? t('pager_position_more_than', { first, last, total })
      : props.counting
        ? t('pager_position_counting', { first, last, total })
        : t('pager_position_more', { first, last, total });
  return (
    <nav className="pager" aria-label={props.of ? t('pager_label_of', { list: props.of }) : t('pager_label')}>
      <span aria-live="polite">{position}</span>
      <ButtonGroup>
        <Button
          icon="chevron-left"
          aria-label={t('pager_previous')}
          disabled={pageIndex === 0}
          onClick={() => props.onPage(pageIndex - 1)}
        />
        <Button
          text={exact ? t('pager_page', { page: pageIndex + 1, pages }) : t('pager_page_open', { page: pageIndex + 1 })}
          disabled
        />
        <Button
          icon="chevron-right"
          aria-label={t('pager_next')}
          disabled={!hasNext}
          onClick={() => props.onPage(pageIndex + 1)}
        />
      </ButtonGroup>
    </nav>
  );
}
