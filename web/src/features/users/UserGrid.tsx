import { Icon, Tag } from '@blueprintjs/core';
import { Cell, RenderMode, Table } from '@blueprintjs/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { UserRow } from '../../../../contract/accountManagement';
import type { FilterSetting, OrderSetting } from '../../../../contract/listQuery';
import { GRID_COLUMN_WIDTH, GRID_ROW_HEIGHT } from '../../../../contract/limits';
import {
  columnHeaders,
  controlColumn,
  fieldColumns,
  selectColumn,
  SELECT_COLUMN_WIDTH,
  textCell,
  useGridKeyboard,
  valueText,
  type ListFields,
  type RowSelection,
} from '../../components/list';
import { NAME_FIELD } from './userFields';

export interface UserGridProps {
  rows: UserRow[];
  fields: ListFields;
  /** Where a user's account opens: `${detailsBase}/{userId}`. */
  detailsBase: string;
  order: OrderSetting[];
  userSorted: boolean;
  filters: FilterSetting[];
  onSort(field: string, orderType: 0 | 1 | null): void;
  onFilter(field: string): void;
  selection: RowSelection<UserRow, number>;
}

const NAME_WIDTH = 240;
/** The checkbox and the name stay in place at the left; the name's link is a row's main action. */
const FROZEN_COLUMNS = 2;
const NAME_COLUMN = 1;

/** A row's value of a grid field: the city and customer come from the user's location. */
const valueOf = (row: UserRow, field: string): unknown => {
  if (field === 'city') return row.userLocation?.city;
  if (field === 'customerName') return row.userLocation?.customer.name;
  return row[field as keyof UserRow];
};

/** The name of a user; an invited user has none until they accept the invitation: their address stands in. */
const nameOf = (row: UserRow) => row.displayName.trim() || row.emailAddress;

/** The name with the user's photo; a link to their account only when they have a location (spec 3 section 2). */
function NameCell({ row, detailsBase }: { row: UserRow; detailsBase: string }) {
  const { t } = useTranslation();
  const name = nameOf(row);
  return (
    <span className="user-name-cell">
      {row.avatarThumbnailUrl ? (
        <img src={row.avatarThumbnailUrl} alt={t('users:photo_of', { name })} width={24} height={24} />
      ) : (
        <Icon icon="person" size={20} aria-hidden />
      )}
      {row.userLocation ? (
        <Link to={`${detailsBase}/${row.userId}`} state={{ fromList: true }}>
          {name}
        </Link>
      ) : (
        <span>{name}</span>
      )}
    </span>
  );
}

/** The user grid (spec 3 sections 2 and 3): the name pinned first, then the columns of the list's field registry. */
export function UserGrid(props: UserGridProps) {
  const { t } = useTranslation();
  const { rows, fields, order, filters, selection } = props;
  const keyboard = useGridKeyboard({
    label: t('users:grid_label'),
    rowCount: rows.length,
    mainColumn: NAME_COLUMN,
    onToggle: (row) => selection.toggle(rows[row]!),
  });
  const columns = fields.columns;

  const header = columnHeaders({ ...props, t });

  const cell = (row: UserRow, field: string) => {
    if (field === 'statusCode') {
      return (
        <Cell>
          <Tag minimal intent={row.statusCode === 1 ? 'success' : 'warning'}>
            {t(`users:status_${row.statusCode}`)}
          </Tag>
        </Cell>
      );
    }
    if (field === 'emailAddress') {
      return (
        <Cell interactive tooltip={row.emailAddress}>
          <a href={`mailto:${row.emailAddress}`}>{row.emailAddress}</a>
        </Cell>
      );
    }
    return textCell(valueText(t, fields, field, valueOf(row, field)));
  };

  return (
    <div {...keyboard.container} className="list-table" data-frozen-columns={FROZEN_COLUMNS}>
      <Table
        numRows={rows.length}
        numFrozenColumns={FROZEN_COLUMNS}
        defaultRowHeight={GRID_ROW_HEIGHT}
        columnWidths={[SELECT_COLUMN_WIDTH, NAME_WIDTH, ...columns.map(() => GRID_COLUMN_WIDTH)]}
        enableRowHeader={false}
        {...keyboard.table}
        renderMode={RenderMode.NONE}
        cellRendererDependencies={[rows, columns, order, filters, selection.ids]}
      >
        {[
          selectColumn(rows, selection, {
            page: t('list_select_page'),
            row: (row) => t('list_select_row', { name: nameOf(row) }),
          }),
          controlColumn(
            NAME_FIELD,
            rows,
            () => header(NAME_FIELD),
            (row) => <NameCell row={row} detailsBase={props.detailsBase} />,
          ),
          ...fieldColumns(columns, rows, header, cell),
        ]}
      </Table>
    </div>
  );
}
