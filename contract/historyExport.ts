import { z } from 'zod';
import { signedIn } from './access';
import { c, ErrorBody, IdParam, standardErrors, withCommonQuery } from './common';

/**
 * An instrument's audit history as a file for an inspection (chosen: not in spec): every entry of the History tab,
 * oldest first, with who, when (in the caller's time zone, timeZoneDiff), each field's change from and to, and the
 * entry's position and hash in the customer's audit chain. Read as the History tab reads: an instrument the caller
 * may open (errorCode 10002 otherwise, in JSON).
 */

/** The most entries one export holds; an instrument with more is refused (400) rather than exported in part. */
export const HISTORY_EXPORT_MAX = 2_000;
/** How many hex digits of an entry's chain hash the export prints. */
export const HISTORY_HASH_PREFIX = 16;

const pathParams = z.object({ id: IdParam });
const query = withCommonQuery({});

export const historyExportContract = c.router(
  {
    equipmentPdf: {
      method: 'GET',
      path: '/api/Equipment/:id/history/PDF', // path chosen: not in spec
      pathParams,
      query,
      responses: {
        200: c.otherResponse({ contentType: 'application/pdf', body: c.type<Blob>() }),
        /** Too many reports are being made at once (Retry-After). */
        429: ErrorBody,
        ...standardErrors,
      },
      summary: `The history of an instrument the caller may open as a PDF download with chain positions (at most ${HISTORY_EXPORT_MAX} entries, 400 beyond)`,
      metadata: signedIn('customerEquipment'),
    },
    equipmentCsv: {
      method: 'GET',
      path: '/api/Equipment/:id/history/CSV', // path chosen: not in spec
      pathParams,
      query,
      responses: {
        200: c.otherResponse({ contentType: 'text/csv; charset=utf-8', body: c.type<Blob>() }),
        ...standardErrors,
      },
      summary: `The history of an instrument the caller may open as a CSV download, one row per changed field (at most ${HISTORY_EXPORT_MAX} entries, 400 beyond)`,
      metadata: signedIn('customerEquipment'),
    },
  },
  { strictStatusCodes: true },
);
