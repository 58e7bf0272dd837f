import { useQuery } from '@tanstack/react-query';
import { client, resultOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

/** The system configuration (countries, languages, notices) in the language it was read in. */
export const systemConfigKeys = queryKeys('systemConfig', { of: (language: string) => [language] });

/**
 * GET Configuration/systemConfig in the user's language. Silent unless `loud`: a screen that cannot work without it
 * lets the request layer say what went wrong.
 */
export const useSystemConfig = (
  language: string,
  { loud = false, staleTime }: { loud?: boolean; staleTime?: number } = {},
) =>
  useQuery({
    ...(staleTime === undefined ? {} : { staleTime }),
    queryKey: systemConfigKeys.of(language),
    queryFn: () => resultOf(client.configuration.systemConfig({ query: {}, ...(loud ? {} : { silent: true }) })),
  });
