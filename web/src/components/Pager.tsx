import { Button, ButtonGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { pagerPosition } from './pagerPosition';

/**
 * Previous / next paging of a list with its position (page size fixed by the list). `of` names the list, for a screen
 * with more than one pager: each is a navigation landmark, which needs a name of its own.
 *
 * A total that is not exact (`exact` false: more rows match than the server counts) is a lower bound: the position
 * says "10,000+", the page has no "of N", and next stays open while the page is full (`pageRows`).
 */
export function Pager(props: {
  pageIndex: number;
  pageSize: number;
  totalCount: number;
  onPage(index: number): void;
  of?: string;
  exact?: boolean;
  pageRows?: number;
}) {
  const { t } = useTranslation();
  const exact = props.exact !== false;
  const { first, last, total, pages, hasNext } = pagerPosition({
    pageIndex: props.pageIndex,
    pageSize: props.pageSize,
    totalCount: props.totalCount,
    exact,
    pageRows: props.pageRows ?? props.pageSize,
  });
  return (
    <nav className="pager" aria-label={props.of ? t('pager_label_of', { list: props.of }) : t('pager_label')}>
      <span aria-live="polite">
        {exact ? t('pager_position', { first, last, total }) : t('pager_position_more', { first, last, total })}
      </span>
      <ButtonGroup>
        <Button
          icon="chevron-left"
          aria-label={t('pager_previous')}
          disabled={props.pageIndex === 0}
          onClick={() => props.onPage(props.pageIndex - 1)}
        />
        <Button
          text={
            exact
              ? t('pager_page', { page: props.pageIndex + 1, pages })
              : t('pager_page_open', { page: props.pageIndex + 1 })
          }
          disabled
        />
        <Button
          icon="chevron-right"
          aria-label={t('pager_next')}
          disabled={!hasNext}
          onClick={() => props.onPage(props.pageIndex + 1)}
        />
      </ButtonGroup>
    </nav>
  );
}
