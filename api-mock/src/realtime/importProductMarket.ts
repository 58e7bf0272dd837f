import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { WebSocket } from '@fastify/websocket';
import type { ImportRowErrors } from '../../../contract/importProduct';
import {
  ImportProductMarketRequest,
  ProductMarketImportFailure,
  type ImportProductMarketServerMessage,
} from '../../../contract/importProductMarket';
import { findSession } from '../auth/sessions';
import { importCatalogueFile } from '../catalogue/importCatalogue';
import type { AppConfig } from '../deps';
import type { Database } from '../db/schema';
import { sessionTokenOf } from '../lib/cookieNames';
import { mayAdminister } from '../auth/administrator';
import { AccessCode } from '../../../contract/permissions';

/** Connections importing a catalogue now: one at a time per connection. */
const busy = new WeakSet<WebSocket>();

/**
 * The hub method importProductMarket (spec 2 section 7, spec 3 "Import product info"): the catalogue file uploaded
 * to storage. Answers on the same connection with importProductMarketProgress at least every second, then
 * importProductMarketCompleted: errorCode 0, or the refusal with each failing row's codes and nothing saved.
 */
export async function importProductMarket(
  {
    db,
    config,
    socket,
    request,
  }: { db: Kysely<Database>; config: AppConfig; socket: WebSocket; request: FastifyRequest },
  message: unknown,
): Promise<void> {
  const send = (m: ImportProductMarketServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
  };
  const complete = (errorCode: number, result: ImportRowErrors = {}, importedCount = 0) =>
    send({ type: 'importProductMarketCompleted', errorCode, result, importedCount });

  if (busy.has(socket)) return complete(ProductMarketImportFailure.Busy);
  busy.add(socket);
  try {
    // The session may have ended, or the code been taken away, since the connection opened: ask again.
    const session = await findSession(db, sessionTokenOf(request));
    if (!session) return complete(ProductMarketImportFailure.NotSignedIn);
    if (!(await mayAdminister(db, session.userId, AccessCode.Admin)))
      return complete(ProductMarketImportFailure.Forbidden);
    const parsed = ImportProductMarketRequest.safeParse(message);
    if (!parsed.success) return complete(ProductMarketImportFailure.BadMessage);
    const outcome = await importCatalogueFile({ db, config }, session, parsed.data.file, (progress) =>
      send({ type: 'importProductMarketProgress', progress }),
    );
    complete(outcome.errorCode, outcome.result, outcome.importedCount);
  } catch (error) {
    request.log.error({ err: error }, 'product catalogue import failed');
    complete(ProductMarketImportFailure.ServerError);
  } finally {
    busy.delete(socket);
  }
}
