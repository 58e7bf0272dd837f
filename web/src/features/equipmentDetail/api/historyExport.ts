import { client } from '../../../lib/api';

/** GET Equipment/{id}/history/PDF or CSV: the file answer, for the download. */
export const fetchHistoryExport = (equipmentId: number, format: 'pdf' | 'csv') =>
  format === 'pdf'
    ? client.historyExport.equipmentPdf({ params: { id: equipmentId }, silent: true })
    : client.historyExport.equipmentCsv({ params: { id: equipmentId }, silent: true });
