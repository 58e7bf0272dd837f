import { downloadFile } from './downloadFile';

/** How long a PDF's object URL stays valid: enough for the new window to load it. */
const OBJECT_URL_MS = 60_000;

/** Where a PDF went: the new window, or the downloads because the browser blocked the window. */
export type PdfShown = 'window' | 'downloaded';

/**
 * Open a PDF the server answers (a call of the typed client) in a new window. The window opens at once, while the
 * click still counts as the user's, and shows the PDF once its bytes have arrived; if the browser blocked the window
 * the PDF is downloaded instead. A failed call closes the window and throws the call's failure.
 */
export async function openPdfWindow(
  load: () => Promise<{ body: unknown; headers: Headers }>,
  fallbackName: string,
): Promise<PdfShown> {
  const tab = window.open('', '_blank');
  try {
    const response = await load();
    if (!tab) {
      downloadFile(response, fallbackName);
      return 'downloaded';
    }
    if (!(response.body instanceof Blob)) throw new Error('the answer is not a PDF');
    const url = URL.createObjectURL(response.body);
    window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_MS);
    tab.location.href = url;
    return 'window';
  } catch (e) {
    tab?.close();
    throw e;
  }
}
