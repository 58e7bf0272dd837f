import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queryKeys';
import {
  EMethodCatalogue,
  emethodEntryOf,
  emethodFileUrl,
  type EMethodApplication,
  type MakeAndModel,
} from './emethodCatalogue';

const emethodKeys = queryKeys('emethods', { catalogue: () => [] });

const CATALOGUE_URL = `${import.meta.env.BASE_URL}emethods/catalogue.json`;

/** A fetched catalogue that is unreachable or not of the catalogue's shape: a load error, not a broken page. */
async function fetchCatalogue(): Promise<EMethodCatalogue> {
  const response = await fetch(CATALOGUE_URL, { credentials: 'same-origin', cache: 'no-cache' });
  if (!response.ok) throw new Error(`emethods/catalogue.json: HTTP ${response.status}`);
  const parsed = EMethodCatalogue.safeParse(await response.json());
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`emethods/catalogue.json: ${first ? `${first.path.join('.')}: ${first.message}` : 'invalid'}`);
  }
  return parsed.data;
}

export const emethodCatalogueQuery = {
  queryKey: emethodKeys.catalogue(),
  queryFn: fetchCatalogue,
  // Static content of the release: read once per session, shared by every instrument page.
  staleTime: Infinity,
  // A failed read stays failed until the page is reloaded: retrying when the tab mounts would put the query back
  // to pending, hide the tab that shows the error, and start over when it comes back.
  retryOnMount: false,
} as const;

export interface EMethods {
  catalogue: EMethodCatalogue | undefined;
  /** The applications of the instrument's make and model; empty while loading, on error or without an entry. */
  applications: EMethodApplication[];
  technique: string | undefined;
  isLoading: boolean;
  error: Error | null;
  /**
   * Whether the instrument page shows the E-methods tab: the model matches a catalogue entry, or the catalogue
   * could not be loaded (the tab then says so, rather than the tab silently missing).
   */
  showTab: boolean;
}

/**
 * The e-method catalogue's applications for one instrument (the catalogue is cached for the session). Takes
 * undefined while the instrument is loading, so a page can call it before its early returns.
 */
export function useEMethods(equipment: MakeAndModel | undefined): EMethods {
  const query = useQuery(emethodCatalogueQuery);
  const entry = equipment && emethodEntryOf(query.data, equipment);
  return {
    catalogue: query.data,
    applications: entry?.applications ?? [],
    technique: entry?.technique,
    isLoading: query.isPending,
    error: query.error,
    showTab: entry !== undefined || (equipment !== undefined && query.isError),
  };
}

/** The served address of a catalogue file. */
export const emethodFile = (fileName: string) => emethodFileUrl(import.meta.env.BASE_URL, fileName);
