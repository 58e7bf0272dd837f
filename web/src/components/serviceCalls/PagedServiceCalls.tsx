import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { HTMLTable, Spinner } from '@blueprintjs/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Pager } from '../Pager';
import { LoadFailedCallout } from '../LoadFailedCallout';
import { SectionNonIdealState } from '../PageNonIdealState';

export interface ServiceCallColumn<R> {
  header: string;
  cell(row: R): ReactNode;
  /** Dates and order numbers stay on one line. */
  nowrap?: boolean;
  /** A fixed width in px, so the columns stay put from page to page and line up between tables. */
  width?: number;
}

export interface PagedServiceCallsProps<R> {
  /** Names the table. */
  label: string;
  list: UseQueryResult<{ items: R[]; totalCount: number; totalCountExact?: boolean }>;
  columns: readonly ServiceCallColumn<R>[];
  rowKey(row: R): string | number;
  pageIndex: number;
  pageSize: number;
  onPage(index: number): void;
  texts: { loading: string; failed: string; empty: string };
}

/** A page of service calls as a table with its pager, or what stands in its place: loading, failed, or none. */
export function PagedServiceCalls<R>(props: PagedServiceCallsProps<R>) {
  const { list, columns, texts } = props;
  const pager = useRef<HTMLDivElement>(null);
  const pagedByPager = useRef(false);

  // The page button pressed on the first or last page becomes disabled and drops the focus: keep it in the pager.
  // The pager moves once the page's rows have come (Pager's `placeholder`), and so does the focus.
  useLayoutEffect(() => {
    if (!pagedByPager.current || list.isPlaceholderData) return;
    pagedByPager.current = false;
    const box = pager.current;
    if (box && !box.contains(document.activeElement)) {
      box.querySelector<HTMLButtonElement>('button[aria-label]:not(:disabled)')?.focus();
    }
  }, [props.pageIndex, list.isPlaceholderData]);

  // Both lists sit under an h2 (the tab's section, the side panel's title).
  if (list.isPending) return <SectionNonIdealState level={3} icon={<Spinner size={32} />} title={texts.loading} />;
  if (list.isError) {
    return <LoadFailedCallout title={texts.failed} error={list.error} onRetry={() => void list.refetch()} />;
  }
  if (list.data.totalCount === 0) return <SectionNonIdealState level={3} icon="wrench" title={texts.empty} />;
  const fixed = columns.some((column) => column.width !== undefined);
  return (
    <>
      <HTMLTable
        compact
        striped
        aria-label={props.label}
        aria-busy={list.isFetching}
        style={{ width: '100%', tableLayout: fixed ? 'fixed' : undefined }}
      >
        {fixed && (
          <colgroup>
            {columns.map((column) => (
              <col key={column.header} style={{ width: column.width }} />
            ))}
          </colgroup>
        )}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.data.items.map((row) => (
            <tr key={props.rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={column.nowrap ? 'service-orders-nowrap' : undefined}
                  style={fixed ? { overflowWrap: 'anywhere' } : undefined}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <div ref={pager}>
        <Pager
          of={props.label}
          pageIndex={props.pageIndex}
          pageSize={props.pageSize}
          totalCount={list.data.totalCount}
          exact={list.data.totalCountExact !== false}
          pageRows={list.data.items.length}
          placeholder={list.isPlaceholderData}
          onPage={(index) => {
            pagedByPager.current = true;
            props.onPage(index);
          }}
        />
      </div>
    </>
  );
}
