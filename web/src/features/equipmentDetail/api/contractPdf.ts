import { client } from '../../../lib/api';

/** GET Equipment/{id}/contract/PDF: the response itself, for the PDF window. */
export const fetchContractPdf = (equipmentId: number) =>
  client.equipment.contractPdf({ params: { id: equipmentId }, silent: true });
