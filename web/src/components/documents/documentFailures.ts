import type { UiMessage } from '../../../../contract/errors';
import { DOCUMENT_MAX_BYTES, FILE_SIZE_MESSAGE, FILE_TYPE_MESSAGE } from '../../../../contract/images';
import { MB } from '../../../../contract/limits';
import { failureMessage, type FailureRules } from '../../lib/failureMessage';
import { handOverSessionErrors } from '../../lib/sessionHandOver';

const TOO_LARGE: UiMessage = { key: FILE_SIZE_MESSAGE, values: { maxSize: DOCUMENT_MAX_BYTES / MB } };
const WRONG_TYPE: UiMessage = { key: FILE_TYPE_MESSAGE };

/** How the document calls and transfers word their failures; `fallback` names the action that failed. */
const documentFailures = (fallback: string): FailureRules => ({
  failed: { key: fallback },
  notAllowed: { key: 'documents:not_allowed' },
  notFound: { key: 'documents:owner_not_found' },
  otherwise: { key: fallback },
  upload: { tooLarge: TOO_LARGE, wrongType: WRONG_TYPE, failed: { key: fallback } },
});

/**
 * What a document dialog says of a failure: it always says something, the action's `fallback` when nothing more
 * precise is known. An expired session or a changed user is the whole app's business: those are handed over.
 */
export function documentFailureMessage(e: unknown, fallback: string): UiMessage {
  handOverSessionErrors(e);
  return failureMessage(e, documentFailures(fallback)) ?? { key: fallback };
}
