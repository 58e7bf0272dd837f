import { fromCallback, fromPromise } from 'xstate';
import type { FileIdentifier } from '../../../../contract/images';
import type { CatalogueFileChoice, CatalogueImportEvent } from '../../../../machines/importProductMarket.machine';
import { uploadFile, type NamedBlob } from '../../lib/fileUpload';
import type { HubClient } from '../../lib/hub';
import { xsrfToken } from '../../lib/requestLayer';

/**
 * One catalogue import over the page's hub connection: the invocation's answers come back to this page by their
 * id. Reports PROGRESS and COMPLETED; FAILED when the connection drops before the answer.
 */
export const runCatalogueImportOverHub = (hub: HubClient) =>
  fromCallback<CatalogueImportEvent, FileIdentifier>(({ input, sendBack }) => {
    let finished = false;
    const stop = hub.invoke(
      { type: 'importProductMarket', file: input, xsrfToken: xsrfToken() },
      {
        answer: (message) => {
          if (finished) return;
          if (message.type === 'importProductMarketProgress') {
            return sendBack({ type: 'PROGRESS', progress: message.progress });
          }
          finished = true;
          if (message.type !== 'importProductMarketCompleted') return sendBack({ type: 'FAILED' });
          const { errorCode, result, importedCount } = message;
          sendBack({ type: 'COMPLETED', outcome: { errorCode, result, importedCount } });
        },
        lost: () => {
          if (finished) return;
          finished = true;
          sendBack({ type: 'FAILED' });
        },
      },
    );
    return () => {
      finished = true;
      stop();
    };
  });

/** The upload step: the chosen File (the machine sees its name, size and type) to storage as a catalogue file. */
export const uploadCatalogueFile = fromPromise<FileIdentifier, CatalogueFileChoice>(({ input, signal }) =>
  uploadFile(input as NamedBlob, { kind: 'ProductMarketInfo', signal }),
);
