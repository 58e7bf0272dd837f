import type { NoAccountContactRequest } from '../../../../../contract/feedback';
import { client, resultOf } from '../../../lib/api';

/** Ask for more information without an account. */
export const requestMoreInfo = (body: NoAccountContactRequest) =>
  resultOf(client.feedback.requestMoreInfo({ body, silent: true }));
