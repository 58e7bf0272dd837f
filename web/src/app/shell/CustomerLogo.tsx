import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { parseLogoFileIdentifier } from '../../../../contract/customers';
import { SIGNED_URL_SECONDS, type UploadKind } from '../../../../contract/images';
import { customerLogoKeys, useCloudCredential, useLogoDownloadUrl } from './api/customers';
import { useCurrentSession } from '../../lib/currentUser';

/** The upload kind of logos; the file store names the logo bucket after the same file type. */
export const LOGO_UPLOAD_KIND: UploadKind = 'CustomerLogo';

/** Signed URLs are cached for their lifetime (spec 1 section 7), less a minute so an image never loads expired. */
const SIGNED_URL_CACHE_MS = (SIGNED_URL_SECONDS - 60) * 1000;

/**
 * The current customer's logo identifier: a JSON string, null without a logo, undefined while not known.
 *
 * No call gives a customer user its own customer record (GET Users/customers answers PE users only), so for a
 * customer admin the logo is known only once they change it in this session (the dialog writes the answer of
 * PUT Users/customer/logo here). PE users read it from the customer list.
 */
export function useCustomerLogoIdentifier(): string | null | undefined {
  const { user } = useCurrentSession();
  const { customerId, customer } = user.userLocation;
  // The signed-in user carries the logo; an upload in this page replaces the cached value.
  const logo = useQuery({
    queryKey: customerLogoKeys.of(customerId),
    queryFn: async () => customer.customerLogoFileIdentifier,
    initialData: customer.customerLogoFileIdentifier,
    staleTime: Infinity,
  });
  return logo.data;
}

/** A signed download URL of a stored logo, or null while there is none (or it cannot be had). */
export function useLogoUrl(identifierJson: string | null | undefined): string | null {
  const identifier = parseLogoFileIdentifier(identifierJson);
  // The identifier keeps no bucket: the file store says which bucket holds the files of the logo type.
  const credential = useCloudCredential(identifier !== null, SIGNED_URL_CACHE_MS);
  const bucketName = credential.data?.fileTypeBucketNameMaps[LOGO_UPLOAD_KIND];
  const link = useLogoDownloadUrl(bucketName, identifier?.resourceKey, SIGNED_URL_CACHE_MS);
  return identifier && link.data ? link.data.url : null;
}

export interface CustomerLogoProps {
  /** Shown instead when the customer has no logo (or it is not known or cannot be loaded). */
  fallback?: ReactNode;
}

/** The current customer's logo for the header, with the company name as its text alternative. */
export function CustomerLogo({ fallback = null }: CustomerLogoProps) {
  const { user } = useCurrentSession();
  const url = useLogoUrl(useCustomerLogoIdentifier());
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  if (!url || url === brokenUrl) return <>{fallback}</>;
  return (
    <img
      className="portal-customer-logo"
      src={url}
      alt={user.userLocation.customer.name}
      style={{ height: 24, maxWidth: 120, objectFit: 'contain', verticalAlign: 'middle' }}
      onError={() => setBrokenUrl(url)}
    />
  );
}
