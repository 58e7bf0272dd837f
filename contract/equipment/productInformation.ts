import { z } from 'zod';
import { signedIn } from '../access';
import { c, envelope, EntityId, standardErrors, withCommonQuery } from '../common';
import { INT32_MAX } from '../limits';
import { optionalText, requiredText } from '../validation';
import { ContactMethodCode, PRODUCT_MARKET_INFO_MAX } from './model';
import { REQUEST_MAX } from './requests';
import { idParams, requiredEmail, requiredPhone } from './parts';

const PM = PRODUCT_MARKET_INFO_MAX;

/** Most of a product page's resource block the portal passes on, after sanitising (chosen: not in spec). */
export const PRODUCT_RESOURCES_MAX = 60_000;

/**
 * The resource block of the product page at productUrl, fetched by the server, sanitised (links, lists and headings
 * only) and with its links made absolute; null when the instrument has no product page or it could not be read.
 */
export const ProductResources = z.object({
  html: z.string().max(PRODUCT_RESOURCES_MAX),
  sourceUrl: z.string().max(PM.url),
});
export type ProductResources = z.infer<typeof ProductResources>;

export const MoreInfoRequest = z.object({
  equipmentId: EntityId,
  firstName: requiredText(REQUEST_MAX.name),
  lastName: requiredText(REQUEST_MAX.name),
  emailAddress: requiredEmail(REQUEST_MAX.email),
  telephone: requiredPhone(REQUEST_MAX.phone),
  companyName: optionalText(REQUEST_MAX.company),
  countryId: z.number().int().positive().max(INT32_MAX).nullable().optional(),
  /** Display name of the country, attached by the client before sending. */
  country: optionalText(100),
  contactMethod: ContactMethodCode.nullable().optional(),
  comments: optionalText(REQUEST_MAX.comments),
});
export type MoreInfoRequest = z.infer<typeof MoreInfoRequest>;

export const productInformationRoutes = c.router({
  productResources: {
    method: 'GET',
    path: '/api/Equipment/:id/productResources',
    pathParams: idParams,
    query: withCommonQuery({}),
    responses: { 200: envelope(ProductResources.nullable()), ...standardErrors },
    summary:
      "The resource block of the instrument's product page (Product information tab, Resources); null when there is none",
    metadata: signedIn('customerEquipment'),
  },
  requestMarketInfo: {
    method: 'POST',
    path: '/api/Equipment/MarketInfo/Request',
    query: withCommonQuery({}),
    body: MoreInfoRequest,
    responses: { 200: envelope(z.null()), ...standardErrors },
    summary: 'Ask for more product information about an equipment (mails the provider)',
    metadata: signedIn('customerEquipment'),
  },
});
