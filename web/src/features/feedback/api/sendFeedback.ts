import type { FeedbackRequestInput } from '../../../../../contract/feedback';
import { client, resultOf } from '../../../lib/api';

/** Send the feedback with its uploaded attachments. */
export const sendFeedback = (body: FeedbackRequestInput) =>
  resultOf(client.feedback.sendFeedback({ body, silent: true }));
