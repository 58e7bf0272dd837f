import { initServer } from '@ts-rest/fastify';
import { ProductMarketImportFailure } from '../../../contract/importProductMarket';
import { productMarketInfoContract } from '../../../contract/productMarketInfo';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { importCatalogueFile, type CatalogueImportOutcome } from '../catalogue/importCatalogue';
import { change } from '../db/events';
import { ok } from '../lib/envelope';
import { badRequest, HttpProblem } from '../lib/problem';
import { catalogueLoad, saveDescriptions } from './catalogue.queries';

const s = initServer();

/** The rows a refused import names, for the message of a 400: the first few, with their codes. */
function refusalMessage(outcome: CatalogueImportOutcome): string {
  const rows = Object.entries(outcome.result);
  const failed = `import_failed (${outcome.errorCode})`;
  if (rows.length === 0) return failed;
  const shown = rows.slice(0, 20).map(([row, codes]) => `row ${row}: ${codes.join(',')}`);
  return `${failed}: ${shown.join('; ')}${rows.length > 20 ? `; and ${rows.length - 20} more rows` : ''}`;
}

/**
 * The product catalogue of "Import product info" (spec 3 sections 2, 3, 5 and 7): its pages, the import of an Excel
 * file uploaded to storage (the same import the hub's importProductMarket runs, here without progress), and the
 * descriptions of one part number. Only provider staff holding the admin access code, in either mode.
 */
export function productMarketInfoRoutes({ db, config }: AppDeps) {
  return {
    list: s.route(productMarketInfoContract.list, async ({ query }) => ok(await catalogueLoad(db, query))),

    import: s.route(productMarketInfoContract.import, async ({ request, body }) => {
      const session = actorOf(request);
      const outcome = await importCatalogueFile({ db, config }, session, body, () => {});
      if (outcome.errorCode === ProductMarketImportFailure.FileNotFound) {
        throw badRequest('The file has not been uploaded as a product catalogue by you, or it was imported already');
      }
      if (outcome.errorCode !== 0) throw badRequest(refusalMessage(outcome));
      return ok({ importedCount: outcome.importedCount });
    }),

    updateDescriptions: s.route(productMarketInfoContract.updateDescriptions, async ({ request, params, body }) => {
      const session = actorOf(request);
      const row = await change(db, async (trx) => {
        const outcome = await saveDescriptions(trx, params.partNumber, body);
        if (!outcome) throw new HttpProblem(404, `No catalogue product ${params.partNumber}`);
        if (outcome.tooLong) throw badRequest('A description is too long once made safe');
        return {
          result: outcome.row,
          event: {
            customerId: null,
            actorId: session.userId,
            entityType: 'productMarketInfo',
            entityId: params.partNumber,
            eventType: 'productMarketInfo.descriptionsChanged',
            payload: {},
          },
        };
      });
      return ok(row);
    }),
  };
}
