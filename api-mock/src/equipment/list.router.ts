import { initServer } from '@ts-rest/fastify';
import { equipmentContract, type EquipmentListType } from '../../../contract/equipment';
import type { AppDeps } from '../deps';
import { actorOf, type Actor } from '../access/actor';
import { ok } from '../lib/envelope';
import { CountCache, countOptionsOf } from '../lib/listCount';
import { countCapOf } from '../lib/paging';
import { toEquipment, type EquipmentScope } from './queries';
import { exportEquipment } from './export.queries';
import { customerOr404, fieldLabelsOf } from '../customers/queries';
import { buildImportTemplate } from '../workbook/importTemplate';
import { IMPORT_TEMPLATE_FILE_NAME } from '../../../contract/importProduct';
import { XLSX_CONTENT_TYPE } from '../../../contract/listQuery';
import { columnSuggestions, equipmentCount, equipmentPage, fieldOptionValues } from './list.queries';

const s = initServer();

/** The grid's instruments: the customer's; products management (provider staff, declared) hidden ones too. */
const scopeOf = (actor: Actor, options: { isFollowed?: boolean; listType?: EquipmentListType }): EquipmentScope => ({
  customerId: actor.customerId,
  userId: actor.userId,
  isFollowed: options.isFollowed,
  listType: options.listType,
});

const agStatus = (connected: boolean | null) =>
  connected === true ? 'Connected' : connected === false ? 'Not connected' : 'Never Connected';

export function equipmentListRouter({ db, config, search }: AppDeps) {
  const counts = new CountCache();
  return {
    list: s.route(equipmentContract.list, async ({ request, body }) => {
      const { rows, extras, ...total } = await equipmentPage(
        db,
        scopeOf(actorOf(request), body),
        body,
        countCapOf(config),
        search,
      );
      const items = rows.map((row) => {
        const equipment = toEquipment(row, extras);
        return body.requestAgStatus ? { ...equipment, agConnectStatus: agStatus(row.ag_connected) } : equipment;
      });
      return ok({ items, ...total });
    }),

    listCount: s.route(equipmentContract.listCount, async ({ request, body }) =>
      ok(await equipmentCount(db, scopeOf(actorOf(request), body), body, countOptionsOf(config, counts), search)),
    ),

    filterFields: s.route(equipmentContract.filterFields, async ({ request, body }) => {
      const scope = scopeOf(actorOf(request), body);
      const result: Record<string, (string | null)[]> = {};
      for (const name of new Set(body.selectFields))
        result[name] = await columnSuggestions(db, scope, body, name, countCapOf(config));
      return ok(result);
    }),

    fieldOption: s.route(equipmentContract.fieldOption, async ({ request, query }) => {
      const values = await fieldOptionValues(db, scopeOf(actorOf(request), {}), query);
      return ok(query.fullList ? { items: values } : { fieldOptions: values });
    }),

    export: s.route(equipmentContract.export, async ({ request, reply, body }) => {
      const { stream, fileName } = await exportEquipment(db, scopeOf(actorOf(request), body), body, (err) =>
        request.log.error({ err }, 'the export stopped part-way'),
      );
      reply.header('Content-Disposition', `attachment; filename="${fileName}"`);
      return { status: 200, body: stream as unknown as Blob };
    }),

    importTemplate: s.route(equipmentContract.importTemplate, async ({ request, reply }) => {
      const customer = await customerOr404(db, actorOf(request).customerId);
      const workbook = buildImportTemplate(fieldLabelsOf(customer));
      const file = Buffer.from(await workbook.xlsx.writeBuffer());
      reply.header('Content-Disposition', `attachment; filename="${IMPORT_TEMPLATE_FILE_NAME}"`);
      reply.header('Content-Type', XLSX_CONTENT_TYPE);
      return { status: 200, body: file as unknown as Blob };
    }),
  };
}
