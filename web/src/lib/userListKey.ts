/** The cache key of everything the user lists read: a change to a user (saved, enabled, deleted) refreshes them all. */
export const USERS_KEY = 'userList';
