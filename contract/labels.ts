import { z } from 'zod';
import { signedIn } from './access';
import { c, EntityId, envelope, ErrorBody, standardErrors, withCommonQuery } from './common';

/**
 * QR labels of instruments (issue 38): a printable sheet of labels, each with a QR code of a portal link that names a
 * random per-instrument code instead of the instrument's id, and the lookup of a scanned code. Chosen: not in spec.
 */

/** A label code: 16 random bytes (128 bits) in base64url, without padding. */
export const LABEL_CODE_LENGTH = 22;
export const LABEL_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** The web path a label's QR code opens, followed by the code: PUBLIC_ORIGIN + this + code. */
export const LABEL_LINK_PATH = '/app/label/';
/** The web route of that path, under the portal's base. */
export const LABEL_ROUTE = 'label/:code';

/**
 * The most instruments one sheet request prints: ten A4 sheets of 14. Chosen: not in spec (a grid selection may hold
 * more; the sheet is for the labels a person sticks on in one go, and each label costs the report worker a QR code).
 */
export const LABEL_SHEET_MAX = 140;

/** Label stock the sheet is laid out for: Avery L7163 (A4, 2 × 7 of 99.1 × 38.1 mm), Avery 5163 (Letter, 2 × 5 of 4 × 2 in). */
export const LABEL_LAYOUTS = ['a4-l7163', 'letter-5163'] as const;
export const LabelLayout = z.enum(LABEL_LAYOUTS);
export type LabelLayout = z.infer<typeof LabelLayout>;

/** The code as the path names it: its length first, then its letters (a linear pattern). */
export const LabelCode = z.string().length(LABEL_CODE_LENGTH).regex(LABEL_CODE_PATTERN);

export const LabelSheetRequest = z
  .object({
    /** The instruments, in the order their labels print; each at most once. */
    equipmentIds: z
      .array(EntityId)
      .min(1)
      .max(LABEL_SHEET_MAX)
      .refine((ids) => new Set(ids).size === ids.length, 'duplicate equipment id'),
    layout: LabelLayout,
  })
  .strict();
export type LabelSheetRequest = z.infer<typeof LabelSheetRequest>;

export const LabelTarget = z.object({ equipmentId: EntityId });
export type LabelTarget = z.infer<typeof LabelTarget>;

export const labelsContract = c.router({
  labelSheet: {
    method: 'POST',
    path: '/api/EquipmentLabel/PDF', // path chosen: not in spec
    query: withCommonQuery({}),
    body: LabelSheetRequest,
    responses: {
      200: c.otherResponse({ contentType: 'application/pdf', body: c.type<Blob>() }),
      429: ErrorBody,
      ...standardErrors,
    },
    summary:
      'A printable PDF sheet of QR labels for the instruments (serial, make and model, inventory ID, and a QR code of ' +
      'the label link); gives an instrument its label code the first time. errorCode 10002 (JSON) when any of them is ' +
      'not the caller’s to see',
    metadata: signedIn('customerEquipment'),
  },
  resolveLabel: {
    method: 'GET',
    path: '/api/EquipmentLabel/:code', // path chosen: not in spec
    pathParams: z.object({ code: LabelCode }),
    query: withCommonQuery({}),
    responses: { 200: envelope(LabelTarget), ...standardErrors },
    summary:
      'The instrument a scanned label names, when it is one of the session customer’s that the caller may see; ' +
      'errorCode 10002 for any other code, known or not',
    metadata: signedIn('customerEquipment'),
  },
});
