import { fromCallback } from 'xstate';
import { ImportProductServerMessage, type ImportProductRequest } from '../../../../../contract/importProduct';
import type { ImportProductEvent, ImportRunInput } from '../../../../../machines/importProduct.machine';
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
 * One import over /signalr: a connection of its own for the run, so the answers come back to this dialog only.
 * Reports PROGRESS and COMPLETED; FAILED when the file cannot be read or the connection ends before the answer.
 */
export const runImportOverHub = fromCallback<ImportProductEvent, ImportRunInput>(({ input, sendBack }) => {
  let socket: WebSocket | null = null;
  let finished = false;
  const fail = (reason: 'read' | 'connection') => {
    if (finished) return;
    finished = true;
    sendBack({ type: 'FAILED', reason });
  };

  readAsBase64(input.file as File).then(
    (fileContent) => {
      if (finished) return;
      const ws = new WebSocket(
        `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/signalr`,
      );
      socket = ws;
      ws.onopen = () => {
        const request: ImportProductRequest = {
          type: 'importProduct',
          locationId: input.locationId,
          fileContent,
          xsrfToken: xsrfToken(),
        };
        ws.send(JSON.stringify(request));
      };
      ws.onmessage = (e: MessageEvent<string>) => {
        let data: unknown;
        try {
          data = JSON.parse(e.data);
        } catch {
          return;
        }
        const parsed = ImportProductServerMessage.safeParse(data);
        if (!parsed.success || finished) return; // other hub messages (unread count) are not ours
        if (parsed.data.type === 'ImportProductProgress') {
          sendBack({ type: 'PROGRESS', progress: parsed.data.progress });
        } else {
          finished = true;
          const { errorCode, result, importedCount } = parsed.data;
          sendBack({ type: 'COMPLETED', outcome: { errorCode, result, importedCount } });
          ws.close();
        }
      };
      ws.onclose = () => fail('connection');
    },
    () => fail('read'),
  );

  return () => {
    finished = true;
    socket?.close();
  };
});
