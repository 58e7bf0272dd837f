import { initServer } from '@ts-rest/fastify';
import { sql } from 'kysely';
import { equipmentContract, type EquipmentListType } from '../../../contract/equipment';
import type { FilterSetting } from '../../../contract/listQuery';
import type { AppDeps } from '../deps';
import { requireActor, type Actor } from '../auth/actor';
import { ok } from '../lib/envelope';
import { filtersWhere, idPageWithTotal, orderBy, BadListQuery } from '../lib/listQuerySql';
import { containsPattern } from '../lib/like';
import { requireAdministratorActor } from '../auth/administrator';
import { AccessCode } from '../../../contract/permissions';
import {
  countEquipmentInScope,
  equipmentInScope,
  equipmentInScopeOnly,
  fullTextCondition,
  loadEquipmentExtras,
  selectListColumns,
  toEquipment,
  type EquipmentListRow,
  type EquipmentScope,
} from './queries';
import { EQUIPMENT_FIELDS, equipmentWalk } from './fields';
import { exportEquipment } from './export.queries';
import { pointedSuggestionPage, suggestionPage } from '../lib/filterSuggestions';

const s = initServer();

/** Products management is the provider's admin grid (admin access code); the inventory is every customer user's. */
async function scopeOf(
  db: AppDeps['db'],
  actor: Actor,
  options: { isFollowed?: boolean; listType?: EquipmentListType },
): Promise<EquipmentScope> {
  if (options.listType === 'productsManagement') await requireAdministratorActor(db, actor, AccessCode.Admin);
  return {
    customerId: actor.customerId,
    userId: actor.userId,
    isFollowed: options.isFollowed,
    listType: options.listType,
  };
}

const agStatus = (connected: boolean | null) =>
  connected === true ? 'Connected' : connected === false ? 'Not connected' : 'Never Connected';

const fieldColumn = (name: string) => {
  const field = Object.prototype.hasOwnProperty.call(EQUIPMENT_FIELDS, name) ? EQUIPMENT_FIELDS[name] : undefined;
  if (!field) throw new BadListQuery(`Unknown field ${JSON.stringify(name)} for this list`);
  return field;
};

export function equipmentListRouter({ db }: AppDeps) {
  return {
    list: s.route(equipmentContract.list, async ({ request, body }) => {
      const actor = await requireActor(db, request);
      const scope = await scopeOf(db, actor, body);
      const fullText = fullTextCondition(body.fullTextSearchSetting?.keyword);
      const where = filtersWhere(EQUIPMENT_FIELDS, body.filterSettings);
      const filtered = equipmentInScope(db, scope)
        .where(where)
        .$if(fullText !== null, (qb) => qb.where(fullText!));
      let ids: number[];
      let totalCount: number;
      if (fullText === null && body.filterSettings.length === 0) {
        // The whole list: its total kept by the counters, the page read in index order.
        const onlyEquipment = !body.orderSettings.some((o) => o.field.startsWith('location.'));
        const plain = onlyEquipment ? (equipmentInScopeOnly(db, scope) as unknown as typeof filtered) : filtered;
        totalCount = await countEquipmentInScope(db, scope);
        const page = await plain
          .select('equipment.id')
          .orderBy(orderBy(EQUIPMENT_FIELDS, body.orderSettings, 'equipment.id') as never)
          .limit(body.pageSize)
          .offset(body.pageIndex * body.pageSize)
          .execute();
        ids = page.map((r) => r.id);
      } else {
        ({ ids, totalCount } = await idPageWithTotal(db, filtered, {
          idColumn: 'equipment.id',
          fields: EQUIPMENT_FIELDS,
          orders: body.orderSettings,
          pageIndex: body.pageIndex,
          pageSize: body.pageSize,
        }));
      }
      const byId = new Map(
        (
          (ids.length > 0
            ? await selectListColumns(db, scope).where('equipment.id', 'in', ids).execute()
            : []) as EquipmentListRow[]
        ).map((r) => [r.id, r]),
      );
      const rows = ids.map((id) => byId.get(id)!).filter(Boolean);
      const extras = await loadEquipmentExtras(
        db,
        rows.map((r) => r.id),
      );
      const items = rows.map((row) => {
        const equipment = toEquipment(row, extras);
        return body.requestAgStatus ? { ...equipment, agConnectStatus: agStatus(row.ag_connected) } : equipment;
      });
      return ok({ items, totalCount });
    }),

    filterFields: s.route(equipmentContract.filterFields, async ({ request, body }) => {
      const actor = await requireActor(db, request);
      const scope = await scopeOf(db, actor, body);
      const fullText = fullTextCondition(body.fullTextSearchSetting?.keyword);
      const result: Record<string, (string | null)[]> = {};
      for (const name of new Set(body.selectFields)) {
        const field = fieldColumn(name);
        // A column's own filter does not narrow its suggestions, so a picked value can be unpicked.
        const others: FilterSetting[] = body.filterSettings.filter((f) => f.field !== name);
        const base = equipmentInScope(db, scope)
          .where(filtersWhere(EQUIPMENT_FIELDS, others))
          .$if(fullText !== null, (qb) => qb.where(fullText!));
        const page = { pageIndex: body.pageIndex, pageSize: body.pageSize };
        result[name] = field.column.startsWith('locations.')
          ? await pointedSuggestionPage(db, base, {
              table: 'locations',
              column: field.column.replace('locations.', ''),
              pointer: 'equipment.location_id',
              where: sql<boolean>`pointed.customer_id = ${scope.customerId}`,
              ...page,
            })
          : await suggestionPage(db, base, { column: field.column, type: field.type, ...equipmentWalk(name), ...page });
      }
      return ok(result);
    }),

    fieldOption: s.route(equipmentContract.fieldOption, async ({ request, query }) => {
      const actor = await requireActor(db, request);
      const field = fieldColumn(query.optionType);
      const column = sql.ref(field.column);
      const rows = await equipmentInScope(db, { customerId: actor.customerId, userId: actor.userId })
        .select(sql<string | null>`${column}::text`.as('value'))
        .distinct()
        .$if(!!query.keyword, (qb) => qb.where(sql`${column}::text`, 'ilike', containsPattern(query.keyword ?? '')))
        .orderBy(sql`1`)
        .limit(query.count)
        .execute();
      const values = rows.map((r) => r.value);
      return ok(query.fullList ? { items: values } : { fieldOptions: values });
    }),

    export: s.route(equipmentContract.export, async ({ request, reply, body }) => {
      const actor = await requireActor(db, request);
      const scope = await scopeOf(db, actor, body);
      const { stream, fileName } = await exportEquipment(db, scope, body, (err) =>
        request.log.error({ err }, 'the export stopped part-way'),
      );
      reply.header('Content-Disposition', `attachment; filename="${fileName}"`);
      return { status: 200, body: stream as unknown as Blob };
    }),
  };
}
