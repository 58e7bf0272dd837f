import { Classes, Tag } from '@blueprintjs/core';
import { Cell, RenderMode, Table } from '@blueprintjs/table';
import { useTranslation } from 'react-i18next';
import type { Contract } from '../../../../contract/contracts';
import { contractCategoryOf, contractStatusOf } from '../../../../contract/contractStatus';
import type { FilterSetting, OrderSetting } from '../../../../contract/listQuery';
import { GRID_ROW_HEIGHT } from '../../../../contract/limits';
import { CONTRACT_STATUS_INTENT } from '../../components/contractStatusIntent';
import { columnHeaders, fieldColumns, textCell, useGridKeyboard, valueText } from '../../components/list';
import { CONTRACT_COLUMNS, CONTRACT_FIELDS } from './contractFields';

export interface ContractGridProps {
  rows: Contract[];
  /** The order the list is in (the user's sort, or the default). */
  order: OrderSetting[];
  /** The user chose the sort (it can be taken off again). */
  userSorted: boolean;
  filters: FilterSetting[];
  onSort(field: string, orderType: 0 | 1 | null): void;
  onFilter(field: string): void;
}

/** The contract number stays in place at the left. */
const FROZEN_COLUMNS = 1;
const WIDTHS: Record<(typeof CONTRACT_COLUMNS)[number], number> = {
  vendorContractId: 210,
  poNumber: 150,
  effectiveDate: 150,
  contractExpiry: 220,
  billingDate: 170,
  billingStatus: 170,
  contractType: 190,
  createdTime: 190,
  lastUpdatedTime: 190,
};

/**
 * The contract grid (spec 3 "Contract management"): every column can be sorted and filtered; the expiry date is
 * coloured and named by how the contract stands (spec 2 section 4), the type by its category.
 */
export function ContractGrid(props: ContractGridProps) {
  const { t } = useTranslation();
  const { rows, order, filters } = props;
  const keyboard = useGridKeyboard({ label: t('contracts:grid_label'), rowCount: rows.length });

  const header = columnHeaders({ ...props, t, fields: CONTRACT_FIELDS });

  const text = (row: Contract, field: string) => valueText(t, CONTRACT_FIELDS, field, row[field as keyof Contract]);

  const cell = (row: Contract, field: string) => {
    switch (field) {
      case 'vendorContractId':
        // The provider's contracts carry its contract id; the others the number the other vendor gave them.
        return (
          <Cell
            tooltip={
              row.isPEContract ? row.vendorContractId : `${row.vendorContractId} · ${t('contracts:other_vendor')}`
            }
          >
            {row.vendorContractId}
            {!row.isPEContract && (
              <Tag minimal className={Classes.TEXT_OVERFLOW_ELLIPSIS} style={{ marginLeft: 6 }}>
                {t('contracts:other_vendor')}
              </Tag>
            )}
          </Cell>
        );
      case 'contractExpiry': {
        const status = contractStatusOf(row.contractExpiry);
        if (!status) return <Cell />;
        const words = `${text(row, field)} · ${t(`contracts:status_${status}`)}`;
        return textCell(words, CONTRACT_STATUS_INTENT[status]);
      }
      case 'contractType': {
        const category = contractCategoryOf(row.contractType);
        const words = [row.contractType, category && t(`contracts:category_${category}`)].filter(Boolean).join(' · ');
        return textCell(words);
      }
      default:
        return textCell(text(row, field));
    }
  };

  return (
    <div {...keyboard.container} className="list-table" data-frozen-columns={FROZEN_COLUMNS}>
      <Table
        numRows={rows.length}
        numFrozenColumns={FROZEN_COLUMNS}
        defaultRowHeight={GRID_ROW_HEIGHT}
        columnWidths={CONTRACT_COLUMNS.map((field) => WIDTHS[field])}
        enableRowHeader={false}
        {...keyboard.table}
        renderMode={RenderMode.NONE}
        cellRendererDependencies={[rows, order, filters, t]}
      >
        {fieldColumns(CONTRACT_COLUMNS, rows, header, cell)}
      </Table>
    </div>
  );
}
