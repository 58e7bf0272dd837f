import { queryKeys } from '../../../lib/queryKeys';

/** The keys of every contract list, so a change elsewhere can refresh them all. */
export const contractKeys = queryKeys('contracts', {
  list: (...parts: unknown[]) => parts,
  count: (filter: unknown) => [filter],
});
