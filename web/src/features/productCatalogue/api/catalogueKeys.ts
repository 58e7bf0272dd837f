import { queryKeys } from '../../../lib/queryKeys';

/** The keys of every catalogue page, so an import or an edit can refresh them all. */
export const catalogueKeys = queryKeys('productCatalogue', { list: (...parts: unknown[]) => parts });
