import type { ProfileCompletion } from '../../../../../contract/users';
import { client, resultOf } from '../../../lib/api';

/** Save the details a new user completes before the portal opens. */
export const completeProfile = (body: ProfileCompletion) => resultOf(client.users.completeProfile({ body }));
