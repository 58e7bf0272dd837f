import { useTranslation } from 'react-i18next';
import type { ImportRowErrors } from '../../../../contract/importProduct';
import { DUPLICATE_PART_NUMBER, PRODUCT_MARKET_COLUMNS } from '../../../../contract/importProductMarket';

/** Rows listed at most; the count says how many there are in all. */
const SHOWN_ROWS = 50;

/** The rows of a refused catalogue file with the columns each failed on (nothing was imported). */
export function FailedRows({ rows }: { rows: ImportRowErrors }) {
  const { t } = useTranslation();
  const entries = Object.entries(rows).sort(([a], [b]) => Number(a) - Number(b));
  const columnOf = (code: number) => {
    if (code === DUPLICATE_PART_NUMBER) return t('productCatalogue:duplicate_part_number');
    const column = PRODUCT_MARKET_COLUMNS.find((c) => c.code === code);
    return column ? t(`productCatalogue:column_${column.field}`) : String(code);
  };
  return (
    <>
      <p>{t('productCatalogue:import_rows_failed', { count: entries.length })}</p>
      <ul style={{ maxHeight: 160, overflowY: 'auto', margin: 0 }}>
        {entries.slice(0, SHOWN_ROWS).map(([row, codes]) => (
          <li key={row}>{t('productCatalogue:row_problem', { row, columns: codes.map(columnOf).join(', ') })}</li>
        ))}
      </ul>
    </>
  );
}
