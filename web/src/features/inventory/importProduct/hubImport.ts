import { fromCallback } from 'xstate';
import type { ImportProductEvent, ImportRunInput } from '../../../../../machines/importProduct.machine';
import type { HubClient } from '../../../lib/hub';
import { xsrfToken } from '../../../lib/requestLayer';

/** The file's bytes as base64, without the data-URL prefix. */
function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('file not readable'));
    reader.readAsDataURL(file);
  });
}

/**
 * One import over the page's hub connection: the invocation's answers come back to this dialog by their id.
 * Reports PROGRESS and COMPLETED; FAILED when the file cannot be read or the connection drops before the answer.
 */
export const runImportOverHub = (hub: HubClient) =>
  fromCallback<ImportProductEvent, ImportRunInput>(({ input, sendBack }) => {
    let stop: (() => void) | null = null;
    let finished = false;
    const fail = (reason: 'read' | 'connection') => {
      if (finished) return;
      finished = true;
      sendBack({ type: 'FAILED', reason });
    };

    readAsBase64(input.file as File).then(
      (fileContent) => {
        if (finished) return;
        const request = { locationId: input.locationId, fileContent, xsrfToken: xsrfToken() };
        stop = hub.invoke(
          { type: 'importProduct', ...request },
          {
            answer: (message) => {
              if (finished) return;
              if (message.type === 'ImportProductProgress')
                return sendBack({ type: 'PROGRESS', progress: message.progress });
              finished = true;
              if (message.type !== 'ImportProductCompleted') return sendBack({ type: 'FAILED', reason: 'connection' });
              const { errorCode, result, importedCount } = message;
              sendBack({ type: 'COMPLETED', outcome: { errorCode, result, importedCount } });
            },
            lost: () => fail('connection'),
          },
        );
      },
      () => fail('read'),
    );

    return () => {
      finished = true;
      stop?.();
    };
  });
