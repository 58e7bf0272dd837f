import { queryKeys } from './queryKeys';

/** The user's settings kept as preferences on the server: the theme and the page tours seen. */
export const preferenceKeys = queryKeys('preference', {
  theme: () => [],
  pageTours: (userId: number) => [userId],
});
