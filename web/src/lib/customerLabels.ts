import i18next from 'i18next';
import {
  CUSTOMER_FIELD_LABELS,
  type CustomerFieldLabels,
  type CustomerLabelKey,
  type CustomerLabelledField,
} from '../../../contract/customers';
import { LANGUAGES } from './languages';

/**
 * The session customer's own names of the asset id and general 1 to 3 (spec 1 section 3 "Customer") are a
 * translation namespace that comes before the generic labels: every screen that names one of those fields through
 * `t` shows the customer's name, and the generic one where the customer has none.
 */
const NAMESPACE = 'customerLabels';

/** The i18n keys of a renamable field's label, the customer's own first: `t(customerLabelKeys(...))`. */
export const customerLabelKeys = (field: CustomerLabelledField, generic: string): string[] => [
  `${NAMESPACE}:${field}`,
  generic,
];

const RENAMABLE: readonly string[] = Object.values(CUSTOMER_FIELD_LABELS);

/** The key of a field's generic label, preceded by the customer's own label's key where the field is renamable. */
export const withCustomerLabel = (field: string, generic: string): string | string[] =>
  RENAMABLE.includes(field) ? customerLabelKeys(field as CustomerLabelledField, generic) : generic;

/**
 * Puts the labels of the session's customer in place of the previous customer's, in every language (a customer's
 * name for a field is not translated); null, when no one is signed in, leaves the generic labels.
 */
export function setCustomerFieldLabels(labels: CustomerFieldLabels | null): void {
  const resources: Record<string, string> = {};
  for (const [key, field] of Object.entries(CUSTOMER_FIELD_LABELS) as [CustomerLabelKey, CustomerLabelledField][]) {
    const label = labels?.[key];
    if (label) resources[field] = label;
  }
  for (const language of LANGUAGES) {
    i18next.removeResourceBundle(language, NAMESPACE);
    i18next.addResourceBundle(language, NAMESPACE, resources);
  }
}
