import { queryKeys } from '../../../lib/queryKeys';

/** A user's account as the account screen shows it. */
export const userKeys = queryKeys('users', { detail: (userId: number) => [userId] });

/** The account read by the change-password screen, for the time of the last change only. */
export const accountManagementKeys = queryKeys('accountManagement', { lastChange: (userId: number) => [userId] });

/** The signed-in user's avatar URLs; the upload writes its answer here. */
export const ownAvatarKeys = queryKeys('ownAvatar', { of: (userId: number) => [userId] });
