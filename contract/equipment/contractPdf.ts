import { z } from 'zod';
import { signedIn } from '../access';
import { c, standardErrors, withCommonQuery } from '../common';
import { EQUIPMENT_MAX } from './model';
import { idParams } from './parts';

const M = EQUIPMENT_MAX;

export const contractPdfRoutes = c.router({
  contractPdf: {
    method: 'GET',
    path: '/api/Equipment/:id/contract/PDF', // path chosen: not in spec
    pathParams: idParams,
    query: withCommonQuery({
      /** One contract of the history by its contractId (as contractInfoHistory has it); default the latest. */
      contractId: z.string().trim().min(1).max(M.contractId).optional(),
    }),
    responses: {
      200: c.otherResponse({ contentType: 'application/pdf', body: c.type<Blob>() }),
      ...standardErrors,
    },
    summary:
      'The contract PDF of an instrument, opened in a new window; errorCode 10002 (JSON) when not found, 400 for a user-added instrument, 404 without that contract',
    metadata: signedIn('customerEquipment'),
  },
});
