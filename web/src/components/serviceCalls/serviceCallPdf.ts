import { client } from '../../lib/api';
import { openPdfWindow } from '../../lib/pdfWindow';

/**
 * Open the service report of a work order (GET ServiceCall/{serviceOrderNo}/PDF) in a new window, or download it when
 * the browser blocked the window. A failed call closes the window (the request layer has told the user why).
 */
export async function openServiceCallPdf(serviceOrderNo: string): Promise<void> {
  await openPdfWindow(() => client.serviceCalls.pdf({ params: { serviceOrderNo } }), `${serviceOrderNo}.pdf`);
}
