import { Button, ButtonGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * Previous / next paging of a list with its position (page size fixed by the list). `of` names the list, for a screen
 * with more than one pager: each is a navigation landmark, which needs a name of its own.
 */
export function Pager(props: {
  pageIndex: number;
  pageSize: number;
  totalCount: number;
  onPage(index: number): void;
  of?: string;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(props.totalCount / props.pageSize));
  const first = props.totalCount === 0 ? 0 : props.pageIndex * props.pageSize + 1;
  const last = Math.min(props.totalCount, (props.pageIndex + 1) * props.pageSize);
  return (
    <nav className="pager" aria-label={props.of ? t('pager_label_of', { list: props.of }) : t('pager_label')}>
      <span aria-live="polite">{t('pager_position', { first, last, total: props.totalCount })}</span>
      <ButtonGroup>
        <Button
          icon="chevron-left"
          aria-label={t('pager_previous')}
          disabled={props.pageIndex === 0}
          onClick={() => props.onPage(props.pageIndex - 1)}
        />
        <Button text={t('pager_page', { page: props.pageIndex + 1, pages })} disabled />
        <Button
          icon="chevron-right"
          aria-label={t('pager_next')}
          disabled={props.pageIndex + 1 >= pages}
          onClick={() => props.onPage(props.pageIndex + 1)}
        />
      </ButtonGroup>
    </nav>
  );
}
