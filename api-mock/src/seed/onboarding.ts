import type { Transaction } from 'kysely';
import { InvitationType } from '../../../contract/invitations';
import type { Database } from '../db/schema';
import { onboardingTemplate } from '../mail/onboardingText';

/** Who the demo history's invitations went to: customer number, language, type, order number, addresses. */
const SENT = [
  ['1000100', 'en-us', InvitationType.PortalInvite, '', 'lab.lead@acme-labs.example'],
  ['1000200', 'de', InvitationType.Order, 'PO-2026-0311', 'einkauf@globex.example;labor@globex.example'],
  ['1000300', 'fr', InvitationType.Order, 'CMD-88120', 'achats@initech.example'],
  ['1000100', 'en-us', InvitationType.Order, 'PO-77812', 'purchasing@acme-labs.example'],
  ['1000200', 'ja', InvitationType.PortalInvite, '', 'osaka.lab@globex.example'],
  ['1000300', 'en-us', InvitationType.PortalInvite, '', 'qa.manager@initech.example'],
] as const;

/**
 * A Sent History of customer onboarding for the demo world: more invitations than one page holds, spread over the
 * last weeks, newest first as the staff sent them (the mails themselves are long delivered, so none is queued).
 */
export async function seedOnboardingInvitations(trx: Transaction<Database>): Promise<void> {
  const staff = await trx
    .selectFrom('users')
    .select('id')
    .where('is_pe_user', '=', true)
    .orderBy('id')
    .executeTakeFirst();
  const customers = await trx
    .selectFrom('customers')
    .select((eb) => [
      'id',
      'customer_identifier',
      eb
        .selectFrom('locations')
        .select('locations.id')
        .whereRef('locations.customer_id', '=', 'customers.id')
        .orderBy('locations.id')
        .limit(1)
        .as('location_id'),
    ])
    .execute();
  const rows = Array.from({ length: 26 }, (_, i) => {
    const [customerNo, language, type, orderNumber, to] = SENT[i % SENT.length]!;
    const customer = customers.find((c) => c.customer_identifier === customerNo);
    if (!customer) return null;
    const template = onboardingTemplate(language);
    const sentAt = new Date(Date.now() - (26 - i) * 86_400_000 - (i % 7) * 3_600_000);
    return {
      sent_by: staff?.id ?? null,
      customer_id: customer.id,
      customer_no: customerNo,
      location_id: customer.location_id,
      email_to: i < SENT.length ? to : to.replace('@', `+${i}@`),
      email_cc: i % 4 === 0 ? 'sales.team@provider.example' : '',
      email_bcc: 'pe@provider.example',
      order_number: orderNumber,
      language,
      type,
      subject: type === InvitationType.Order ? `${template.subject} – ${orderNumber}` : template.subject,
      description: template.description,
      created_at: sentAt,
      last_sent_at: sentAt,
    };
  }).filter((r) => r !== null);
  if (rows.length > 0) await trx.insertInto('onboarding_invitations').values(rows).execute();
}
