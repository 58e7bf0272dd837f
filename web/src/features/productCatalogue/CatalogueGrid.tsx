import { Cell, RenderMode, Table } from '@blueprintjs/table';
import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import type { ProductMarketInfoRow } from '../../../../contract/productMarketInfo';
import { GRID_ROW_HEIGHT } from '../../../../contract/limits';
import { fieldColumns, namedHeader, RowButton, textCell, useGridKeyboard } from '../../components/list';
import { formatDateTime } from '../../lib/dates';

export type DescriptionField = 'shortDescription' | 'longDescription';

/** The grid's columns in order (spec 3 "Import product info"). */
const COLUMNS = [
  'partNumber',
  'displayName',
  'brandName',
  'modelName',
  'shortDescription',
  'longDescription',
  'productUrl',
  'largeImageUrl',
  'width',
  'height',
  'length',
  'weight',
  'depth',
  'createTime',
  'metaDescription',
] as const satisfies readonly (keyof ProductMarketInfoRow)[];
type CatalogueColumn = (typeof COLUMNS)[number];

const WIDTHS: Record<CatalogueColumn, number> = {
  partNumber: 140,
  displayName: 260,
  brandName: 140,
  modelName: 150,
  shortDescription: 280,
  longDescription: 280,
  productUrl: 240,
  largeImageUrl: 240,
  width: 100,
  height: 100,
  length: 100,
  weight: 100,
  depth: 100,
  createTime: 170,
  metaDescription: 280,
};

const ELLIPSIS = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

const DESCRIPTIONS: readonly CatalogueColumn[] = ['shortDescription', 'longDescription'];

/** The words of rich text, for a one-line cell: sanitised first, then read as text (nothing is run or fetched). */
export function richTextWords(html: string | null): string {
  if (!html) return '';
  const body = DOMPurify.sanitize(html, { RETURN_DOM: true }) as HTMLElement;
  return (body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export interface CatalogueGridProps {
  rows: ProductMarketInfoRow[];
  onEdit(row: ProductMarketInfoRow, field: DescriptionField): void;
}

/** The catalogue grid: the part number stays in place at the left; each description has its edit button. */
export function CatalogueGrid({ rows, onEdit }: CatalogueGridProps) {
  const { t } = useTranslation();
  const keyboard = useGridKeyboard({ label: t('productCatalogue:grid_label'), rowCount: rows.length });

  const cell = (row: ProductMarketInfoRow, field: CatalogueColumn) => {
    if (field === 'createTime') return textCell(formatDateTime(row.createTime));
    if (DESCRIPTIONS.includes(field)) {
      const words = richTextWords(row[field as DescriptionField]);
      const label = t(`productCatalogue:edit_${field}`);
      return (
        <Cell interactive tooltip={words}>
          <RowButton
            icon="edit"
            label={`${label}: ${row.partNumber}`}
            title={label}
            onClick={() => onEdit(row, field as DescriptionField)}
          />
          <span style={ELLIPSIS}>{words}</span>
        </Cell>
      );
    }
    return textCell(row[field] ?? '');
  };

  return (
    <div {...keyboard.container} className="list-table" data-frozen-columns={1}>
      <Table
        numRows={rows.length}
        numFrozenColumns={1}
        defaultRowHeight={GRID_ROW_HEIGHT}
        columnWidths={COLUMNS.map((field) => WIDTHS[field])}
        enableRowHeader={false}
        {...keyboard.table}
        renderMode={RenderMode.NONE}
        cellRendererDependencies={[rows, t]}
      >
        {fieldColumns(COLUMNS, rows, (field) => namedHeader(t(`productCatalogue:column_${field}`))(), cell)}
      </Table>
    </div>
  );
}
