import { client } from '../../lib/api';
import { downloadFile } from '../../lib/downloadFile';

/** How long the report's object URL stays valid: enough for the new window to load it. */
const OBJECT_URL_MS = 60_000;

/**
 * Open the service report of a work order (GET ServiceCall/{serviceOrderNo}/PDF) in a new window. The window opens
 * at once, while the click still counts as the user's, and shows the PDF once its bytes have arrived; if the browser
 * blocked the window the PDF is downloaded. A failed call closes the window (the request layer has told the user why).
 */
export async function openServiceCallPdf(serviceOrderNo: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const response = await client.serviceCalls.pdf({ params: { serviceOrderNo } });
    if (!tab) return downloadFile(response, `${serviceOrderNo}.pdf`);
    if (!(response.body instanceof Blob)) throw new Error('the answer is not a PDF');
    const url = URL.createObjectURL(response.body);
    window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_MS);
    tab.location.href = url;
  } catch (e) {
    tab?.close();
    throw e;
  }
}
