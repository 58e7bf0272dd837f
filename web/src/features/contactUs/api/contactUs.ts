import type { ContactUsRequestInput } from '../../../../../contract/feedback';
import { client, resultOf } from '../../../lib/api';

/** Send a contact-us request of its type. */
export const sendContactUs = (body: ContactUsRequestInput) =>
  resultOf(client.feedback.contactUs({ params: { type: body.type }, body, silent: true }));
