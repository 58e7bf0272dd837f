import { queryKeys } from '../../../lib/queryKeys';

/** The help files, read once per page load. */
export const helpKeys = queryKeys('help', { faq: () => [], releaseNotes: () => [], tutorials: () => [] });
