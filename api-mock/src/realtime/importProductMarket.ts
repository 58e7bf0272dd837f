import { decide } from '../../../contract/access';
import type { ImportRowErrors } from '../../../contract/importProduct';
import {
  ImportProductMarketRequest,
  ProductMarketImportFailure,
  type ImportProductMarketServerMessage,
} from '../../../contract/importProductMarket';
import { findSessionById } from '../auth/sessions';
import { importCatalogueFile } from '../catalogue/importCatalogue';
import type { HubJob } from './hubJob';
import { productMarketInfoContract } from '../../../contract/productMarketInfo';
import { callerFactsOf } from '../access/facts';

/**
 * The hub method importProductMarket (spec 2 section 7, spec 3 "Import product info"): the catalogue file uploaded
 * to storage. Answers the connection that sent it with importProductMarketProgress at least every second, then
 * importProductMarketCompleted: errorCode 0, or the refusal with each failing row's codes and nothing saved.
 */
export async function importProductMarket(
  { db, config, sessionId, send: sendAny, log }: HubJob,
  message: unknown,
): Promise<void> {
  const send = (m: ImportProductMarketServerMessage) => sendAny(m);
  const complete = (errorCode: number, result: ImportRowErrors = {}, importedCount = 0) =>
    send({ type: 'importProductMarketCompleted', errorCode, result, importedCount });

  try {
    // The session may have ended, or the code been taken away, since the connection opened: ask again, by the
    // declaration of the same import over HTTP.
    const session = await findSessionById(db, sessionId);
    if (!session) return complete(ProductMarketImportFailure.NotSignedIn);
    const access = productMarketInfoContract.import.metadata.access;
    const decision = decide(access, await callerFactsOf(db, session, access));
    if (!decision.allowed) return complete(ProductMarketImportFailure.Forbidden);
    const parsed = ImportProductMarketRequest.safeParse(message);
    if (!parsed.success) return complete(ProductMarketImportFailure.BadMessage);
    const outcome = await importCatalogueFile({ db, config }, session, parsed.data.file, (progress) =>
      send({ type: 'importProductMarketProgress', progress }),
    );
    complete(outcome.errorCode, outcome.result, outcome.importedCount);
  } catch (error) {
    log.error({ err: error }, 'product catalogue import failed');
    complete(ProductMarketImportFailure.ServerError);
  }
}
