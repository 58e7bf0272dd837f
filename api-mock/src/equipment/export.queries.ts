import type { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import type { EquipmentExportQuery } from '../../../contract/equipment';
import type { Database } from '../db/schema';
import { filtersWhere, orderBy } from '../lib/listQuerySql';
import { exportColumns, streamListExport } from '../workbook/listExport';
import { equipmentInScope, fullTextCondition, type EquipmentScope } from './queries';
import { EQUIPMENT_FIELDS, equipmentOrder } from './fields';

export { SHEET_FIELD_ROW, SHEET_HEADER_ROW, SHEET_FIRST_DATA_ROW } from '../workbook/listExport';

/**
 * Every row of the filtered, sorted equipment list (or only its selected rows) as an .xlsx with the visible columns in their order, streamed.
 * The query is checked and the ids are read in order first (a bad query answers 400 before any byte is sent).
 */
export async function exportEquipment(
  db: Kysely<Database>,
  scope: EquipmentScope,
  query: EquipmentExportQuery,
  onError: (error: unknown) => void,
): Promise<{ stream: Readable; fileName: string }> {
  const columns = exportColumns(EQUIPMENT_FIELDS, query.layoutContent);
  const fullText = fullTextCondition(query.fullTextSearchSetting?.keyword);
  const ids = await equipmentInScope(db, scope)
    .select('equipment.id')
    .where(filtersWhere(EQUIPMENT_FIELDS, query.filterSettings))
    .$if(fullText !== null, (qb) => qb.where(fullText!))
    .$if(query.equipmentIds !== undefined, (qb) => qb.where('equipment.id', 'in', query.equipmentIds!))
    .orderBy(orderBy(EQUIPMENT_FIELDS, equipmentOrder(query.orderSettings), 'equipment.id') as never)
    .execute();
  return streamListExport({
    fields: EQUIPMENT_FIELDS,
    columns,
    columnHeaders: query.layoutContent.columnHeaders,
    ids: ids.map((r) => r.id),
    readBatch: (batch) =>
      db
        .selectFrom('equipment')
        .innerJoin('locations', 'locations.id', 'equipment.location_id')
        .select('equipment.id as id')
        .select(columns.map((name) => sql.ref(EQUIPMENT_FIELDS[name]!.column).as(name)))
        .where('equipment.customer_id', '=', scope.customerId)
        .where('equipment.id', 'in', batch)
        .execute(),
    sheetName: 'Products',
    filePrefix: 'Product',
    onError,
  });
}
