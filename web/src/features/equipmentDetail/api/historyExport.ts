import { client } from '../../../lib/api';

/**
 * GET Equipment/{id}/history/PDF or CSV: the file answer, for the download. The request layer reads a text/csv answer
 * as text, which drops its byte-order mark: it goes back into the file, so Excel still reads it as UTF-8.
 */
export async function fetchHistoryExport(equipmentId: number, format: 'pdf' | 'csv') {
  if (format === 'pdf') return client.historyExport.equipmentPdf({ params: { id: equipmentId }, silent: true });
  const response = await client.historyExport.equipmentCsv({ params: { id: equipmentId }, silent: true });
  const text = typeof response.body === 'string' ? response.body : '';
  return { ...response, body: new Blob([`\uFEFF${text.replace(/^\uFEFF/, '')}`], { type: 'text/csv;charset=utf-8' }) };
}
