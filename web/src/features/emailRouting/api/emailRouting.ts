import { useQuery } from '@tanstack/react-query';
import { client, resultOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import { ALL_COUNTRIES, type countryBody } from '../routingForm';

export const emailRoutingKeys = queryKeys('emailRouting', {
  country: (countryId: number) => [countryId],
  regions: (countryId: number | null) => [countryId],
});

/** A country's routing (All: the defaults). A refetch would put the stored values over what is being typed. */
export const useCountryRouting = (countryId: number) =>
  useQuery({
    queryKey: emailRoutingKeys.country(countryId),
    queryFn: () =>
      resultOf(
        client.countryEmailRouting.getCountryEmails({
          query: countryId === ALL_COUNTRIES ? {} : { countryId },
        }),
      ),
    refetchOnWindowFocus: false,
  });

/** The regions of a country with their addresses; nothing is asked before a country is chosen. */
export const useRegionRouting = (countryId: number | null) =>
  useQuery({
    queryKey: emailRoutingKeys.regions(countryId),
    queryFn: () => resultOf(client.countryEmailRouting.getRegionEmails({ params: { countryId: countryId! } })),
    enabled: countryId !== null,
  });

export const saveCountryRouting = (body: ReturnType<typeof countryBody>) =>
  resultOf(client.countryEmailRouting.updateCountryEmails({ body, silent: true }));

export const saveRegionRouting = (countryId: number, body: { regionId: number; adminEmails: string }) =>
  resultOf(client.countryEmailRouting.updateRegionEmails({ params: { countryId }, body, silent: true }));
