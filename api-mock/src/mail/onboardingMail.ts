import type { Transaction } from 'kysely';
import { SIGN_UP_PATH } from '../../../contract/account';
import { inviteRoleChoices, isProviderDomain } from '../../../contract/accountManagement';
import type { LANGUAGE_CODES } from '../../../contract/configuration';
import { InvitationType } from '../../../contract/invitations';
import { INVITATION_EXPIRY_DAYS } from '../../../contract/limits';
import { splitEmailList } from '../../../contract/validation';
import { appendEvent } from '../db/events';
import type { Database } from '../db/schema';
import { richTextToPlain, sanitiseRichText } from '../lib/richText';
import { createInvitation, createInvitationLink } from '../accountManagement/invitations.queries';
import { registrationsOf, type InvitationRow, type Registration } from '../invitations/queries';
import { onboardingTemplate, portalLinkLines } from './onboardingText';
import { textAsHtml } from './message';
import { queueMail } from './outbox';

type LanguageCode = (typeof LANGUAGE_CODES)[number];

export interface Delivery {
  /** The portal's public origin (PUBLIC_ORIGIN), for the links. */
  origin: string;
  senderId: number;
  /** The customer of the invitation: its e-mail domain decides the role of new users. */
  customer: { emailDomain: string; firstLocationId: number | null };
  /** A password hash nobody knows, for users a portal invite creates (one scrypt per sending, not per address). */
  unusablePasswordHash: string;
}

/**
 * Queues the mails of an invitation in the outbox, in the caller's transaction. An order mail goes to the to and cc
 * addresses together. A portal invite goes to each to-address on its own, with a personal sign-up link of the user
 * invitations of issue 12 (a new invited user of the customer, or a new link for one invited before who never signed
 * up) or, for an address with an account, the sign-in page; cc gets it once without links. Every bcc address gets
 * its own copy, so no bcc address is seen by another recipient.
 */
export async function deliverInvitation(trx: Transaction<Database>, row: InvitationRow, d: Delivery): Promise<void> {
  const language = row.language as LanguageCode;
  const subject = row.subject || onboardingTemplate(language).subject;
  const text = richTextToPlain(row.description);
  const to = splitEmailList(row.email_to);
  const cc = splitEmailList(row.email_cc);
  // The description is the rich text of the invitation: the mail's HTML, the links below it.
  const html = sanitiseRichText(row.description);
  const mail = (recipients: string[], lines: string[] = []) => ({
    to: recipients,
    subject,
    language,
    body: lines.length > 0 ? [text, '', ...lines].join('\n').trim() : text,
    html: lines.length > 0 ? `${html}${textAsHtml(lines.join('\n'))}` : html,
  });

  if (row.type === InvitationType.Order) {
    await queueMail(trx, mail([...to, ...cc]));
  } else {
    const registrations = await registrationsOf(trx, to);
    for (const email of to) {
      const lines = await linkLinesFor(trx, row, d, email, registrations.get(email.toLowerCase()));
      await queueMail(trx, mail([email], lines));
    }
    if (cc.length > 0) await queueMail(trx, mail(cc));
  }
  for (const address of splitEmailList(row.email_bcc)) await queueMail(trx, mail([address]));
}

async function linkLinesFor(
  trx: Transaction<Database>,
  row: InvitationRow,
  d: Delivery,
  email: string,
  registration: Registration | undefined,
): Promise<string[]> {
  const language = row.language as LanguageCode;
  const signUp = (token: string) =>
    portalLinkLines(language, {
      kind: 'signUp',
      // In the fragment: the secret never reaches a server's or proxy's request log.
      url: `${d.origin}${SIGN_UP_PATH}#token=${token}`,
      days: INVITATION_EXPIRY_DAYS,
    });
  const r = registration ?? { kind: 'none' };
  switch (r.kind) {
    case 'registered':
      return portalLinkLines(language, { kind: 'signIn', url: `${d.origin}/login` });
    case 'removed':
      return [];
    case 'invited': {
      const link = await createInvitationLink(trx, {
        userId: r.userId,
        customerId: r.customerId,
        invitedBy: d.senderId,
      });
      return signUp(link.token);
    }
    case 'none': {
      const locationId = row.location_id ?? d.customer.firstLocationId;
      if (locationId === null) return [];
      const invited = await createInvitation(trx, {
        customerId: row.customer_id,
        locationId,
        email,
        role: inviteRoleChoices(isProviderDomain(d.customer.emailDomain))[0]!,
        language,
        unusablePasswordHash: d.unusablePasswordHash,
        invitedBy: d.senderId,
      });
      await appendEvent(trx, {
        customerId: row.customer_id,
        actorId: d.senderId,
        entityType: 'user',
        entityId: invited.userId,
        eventType: 'user.invited',
        payload: { email, locationId, language, invitationId: invited.invitationId, onboardingInvitationId: row.id },
      });
      return signUp(invited.token);
    }
  }
}
