import { useQuery } from '@tanstack/react-query';
import { client, resultOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import { downloadUrlKeys } from '../../../components/images/signedUrls';

/** The customers a PE user may switch to, by keyword, and the ones switched to lately. */
export const customerKeys = queryKeys('customers', {
  search: (keyword: string) => [keyword],
  history: () => [],
});

/** The current customer's logo identifier: the JSON string, or null without a logo. */
export const customerLogoKeys = queryKeys('customerLogo', { of: (customerId: number) => [customerId] });

/** Which bucket holds the files of each type. */
export const cloudCredentialKeys = queryKeys('cloudCredential', {});

export const useCustomerSearch = (keyword: string, enabled: boolean) =>
  useQuery({
    queryKey: customerKeys.search(keyword),
    queryFn: () => resultOf(client.customers.list({ query: { keyword } })),
    enabled,
  });

export const useCustomerHistory = (enabled: boolean) =>
  useQuery({
    queryKey: customerKeys.history(),
    queryFn: () => resultOf(client.customers.history({ query: {} })),
    enabled,
  });

/** Work for another customer from now on. */
export const switchCustomer = (customerId: number) =>
  resultOf(client.customers.switchCustomer({ params: { customerId }, body: {} }));

/** The file store's buckets by file type. */
export const useCloudCredential = (enabled: boolean, staleTime: number) =>
  useQuery({
    queryKey: cloudCredentialKeys.all,
    queryFn: () => resultOf(client.customers.cloudCredential({ query: {}, silent: true })),
    enabled,
    staleTime,
  });

/** A signed download URL of the logo, cached as long as it is good. */
export const useLogoDownloadUrl = (bucketName: string | undefined, resourceKey: string | undefined, cacheMs: number) =>
  useQuery({
    queryKey: downloadUrlKeys.of(bucketName, resourceKey),
    queryFn: () =>
      resultOf(
        client.images.requestDownloadUrl({
          query: { resourceKey: resourceKey!, bucketName: bucketName! },
          silent: true,
        }),
      ),
    enabled: resourceKey !== undefined && bucketName !== undefined,
    staleTime: cacheMs,
    gcTime: cacheMs,
  });

/** Set the current customer's logo (a JSON identifier), or remove it (''). */
export const updateLogo = (customerLogoFileIdentifier: string) =>
  resultOf(client.customers.updateLogo({ body: { customerLogoFileIdentifier }, silent: true }));
