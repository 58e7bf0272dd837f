import { fromCallback, fromPromise } from 'xstate';
import type { FileIdentifier } from '../../../../contract/images';
import {
  ImportProductMarketServerMessage,
  type ImportProductMarketRequest,
} from '../../../../contract/importProductMarket';
import type { CatalogueFileChoice, CatalogueImportEvent } from '../../../../machines/importProductMarket.machine';
import { uploadFile, type NamedBlob } from '../../lib/fileUpload';
import { xsrfToken } from '../../lib/requestLayer';

/**
 * One catalogue import over /signalr: a connection of its own, so the answers come back to this page only. Reports
 * PROGRESS and COMPLETED; FAILED when the connection ends before the answer.
 */
export const runCatalogueImportOverHub = fromCallback<CatalogueImportEvent, FileIdentifier>(({ input, sendBack }) => {
  let finished = false;
  const socket = new WebSocket(
    `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/signalr`,
  );
  socket.onopen = () => {
    const request: ImportProductMarketRequest = { type: 'importProductMarket', file: input, xsrfToken: xsrfToken() };
    socket.send(JSON.stringify(request));
  };
  socket.onmessage = (e: MessageEvent<string>) => {
    let data: unknown;
    try {
      data = JSON.parse(e.data);
    } catch {
      return;
    }
    const parsed = ImportProductMarketServerMessage.safeParse(data);
    if (!parsed.success || finished) return; // other hub messages (unread count) are not ours
    if (parsed.data.type === 'importProductMarketProgress') {
      sendBack({ type: 'PROGRESS', progress: parsed.data.progress });
      return;
    }
    finished = true;
    const { errorCode, result, importedCount } = parsed.data;
    sendBack({ type: 'COMPLETED', outcome: { errorCode, result, importedCount } });
    socket.close();
  };
  socket.onclose = () => {
    if (finished) return;
    finished = true;
    sendBack({ type: 'FAILED' });
  };
  return () => {
    finished = true;
    socket.close();
  };
});

/** The upload step: the chosen File (the machine sees its name, size and type) to storage as a catalogue file. */
export const uploadCatalogueFile = fromPromise<FileIdentifier, CatalogueFileChoice>(({ input, signal }) =>
  uploadFile(input as NamedBlob, { kind: 'ProductMarketInfo', signal }),
);
