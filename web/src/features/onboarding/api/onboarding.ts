import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { LANGUAGE_CODES } from '../../../../../contract/configuration';
import type { CustomerFieldLabelsUpdate } from '../../../../../contract/customers';
import { INVITATION_PAGE_SIZE, type InvitationRequest } from '../../../../../contract/invitations';
import type { InvitationCustomer } from '../../../../../machines/invitation.machine';
import { client, resultOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export const onboardingKeys = queryKeys('onboarding', {
  template: (language: string) => [language],
  history: () => [],
  locations: () => [],
  customers: () => [],
});

type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** A language's id is its 1-based place in the list of portal languages. */
const languageIdOf = (language: LanguageCode) => LANGUAGE_CODES.indexOf(language) + 1;

/** GET Users/invitation/template in a language: the subject and rich text the form starts from. */
export function useInvitationTemplate(language: LanguageCode) {
  return useQuery({
    queryKey: onboardingKeys.template(language),
    queryFn: () => resultOf(client.invitations.template({ query: { languageId: languageIdOf(language) } })),
    staleTime: Infinity,
  });
}

/** The Sent History, newest first: a page at a time, view more adding the next page of the same size. */
export function useSentHistory() {
  return useInfiniteQuery({
    queryKey: onboardingKeys.history(),
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      resultOf(client.invitations.history({ query: { pageIndex: pageParam, pageSize: INVITATION_PAGE_SIZE } })),
    getNextPageParam: (last, pages) =>
      pages.length * INVITATION_PAGE_SIZE < last.totalCount ? pages.length : undefined,
  });
}

/** GET Location?keyword&count=100: the customer locations a customer number is picked from. */
export async function searchCustomerLocations(keyword: string): Promise<InvitationCustomer[]> {
  const found = await resultOf(client.location.search({ query: { keyword, count: 100 } }));
  return found.map((l) => ({
    customerNo: l.customerNo,
    locationId: l.locationId,
    label: `${l.companyName}, ${l.city} (${l.customerNo})`,
  }));
}

/** The addresses of a list that already have an account. */
export const registeredUsers = (addresses: string[]) =>
  resultOf(client.invitations.registeredUsers({ body: addresses }));

/** Send an invitation. */
export const sendInvitation = (body: InvitationRequest) => resultOf(client.invitations.send({ body }));

/** Send a sent invitation again. */
export const resendInvitation = (id: number) => resultOf(client.invitations.resend({ body: { id }, silent: true }));

/** GET Users/customers?keyword: the customers whose name or number holds the typed text. */
export const searchCustomers = (keyword: string) => resultOf(client.customers.list({ query: { keyword } }));

/** Set a customer's own field labels; the answer is the customer as stored. */
export const saveCustomerFieldLabels = (customerId: number, body: CustomerFieldLabelsUpdate) =>
  resultOf(client.customers.updateFieldLabels({ params: { customerId }, body, silent: true }));
