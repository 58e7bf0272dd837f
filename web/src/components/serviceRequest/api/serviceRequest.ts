import { useQuery } from '@tanstack/react-query';
import type { Equipment } from '../../../../../contract/equipment';
import type { ServiceRequestInput } from '../../../../../contract/serviceCalls';
import { client, resultOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import { configurationKeys } from '../../config/api/configurationKeys';

/** The pickers of the service-request form. */
export const serviceRequestKeys = queryKeys('serviceRequest', { equipment: () => [], customerUsers: () => [] });

/** Service types and priorities, from the application configuration (spec 2 section 9). */
export const useOptionSettings = () =>
  useQuery({
    queryKey: configurationKeys.optionSettings(),
    queryFn: () => resultOf(client.configuration.optionSettings()),
    staleTime: Infinity,
  });

/** Send a service request with its uploaded attachments. */
export const createServiceRequest = (body: ServiceRequestInput) =>
  resultOf(client.serviceCalls.createRequest({ body, silent: true }));

/** The customer's instruments matching what is typed. */
export const searchEquipment = async (keyword: string, pageSize: number): Promise<Equipment[]> =>
  (
    await resultOf(
      client.equipment.list({
        body: {
          pageIndex: 0,
          pageSize,
          listType: 'inventory',
          fullTextSearchSetting: keyword ? { keyword } : null,
        },
        silent: true,
      }),
    )
  ).items;

/** The customer's users matching what is typed. */
export const searchCustomerUsers = async (keyword: string) =>
  (await resultOf(client.accountManagement.customerUsers({ query: { keyword }, silent: true }))).items;
