import type { Kysely, Transaction } from 'kysely';
import { splitEmailList } from '../../../contract/validation';
import type { Database } from '../db/schema';

/** What a mail to the provider is about: each goes to its own field of the routing. */
export type RoutedKind =
  'serviceRequest' | 'contractChange' | 'contactSales' | 'contactRelocation' | 'contactTechnical';

const COLUMN = {
  serviceRequest: 'admin_emails',
  contractChange: 'contract_change_emails',
  contactSales: 'contact_us_sales',
  contactRelocation: 'contact_us_relocation',
  contactTechnical: 'contact_us_technical_support',
} as const;

/** Where the mail is from: a site (its country and region), else a country; neither leaves only All. */
export interface RoutedFrom {
  locationId?: number | null;
  /** ISO code, used when there is no location. */
  countryCode?: string | null;
}

/**
 * The provider addresses for a mail (spec 3 "E-mail routing"): the region of the site first (new service requests
 * only: regions route nothing else), then the site's country, then All. A level whose field is empty passes on.
 */
export async function routedRecipients(
  db: Kysely<Database> | Transaction<Database>,
  from: RoutedFrom,
  kind: RoutedKind,
): Promise<string[]> {
  const site = from.locationId
    ? await db
        .selectFrom('locations')
        .leftJoin('regions', 'regions.id', 'locations.region_id')
        .select(['locations.country_code', 'regions.admin_emails as region_emails'])
        .where('locations.id', '=', from.locationId)
        .executeTakeFirst()
    : undefined;
  if (kind === 'serviceRequest' && site?.region_emails) {
    const region = splitEmailList(site.region_emails);
    if (region.length > 0) return region;
  }
  const country = site?.country_code ?? from.countryCode?.toUpperCase() ?? null;
  const column = COLUMN[kind];
  const rows = await db
    .selectFrom('country_email_routing')
    .select(['country_code', `${column} as emails`])
    .where((eb) =>
      country === null
        ? eb('country_code', 'is', null)
        : eb.or([eb('country_code', 'is', null), eb('country_code', '=', country)]),
    )
    .execute();
  const own = rows.find((r) => r.country_code !== null);
  const all = rows.find((r) => r.country_code === null);
  for (const row of [own, all]) {
    const emails = splitEmailList(row?.emails ?? '');
    if (emails.length > 0) return emails;
  }
  return [];
}
