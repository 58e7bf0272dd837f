import { initServer } from '@ts-rest/fastify';
import {
  CONTACT_CHALLENGES,
  CONTACT_METHOD,
  CONTACT_TIMELINES,
  CONTACT_TYPE,
  CONTACT_US_REFUSAL,
  FEEDBACK_REFUSAL,
  feedbackContract,
  optionCodeOf,
  SUPPORT_CATEGORIES,
  type ContactUsRequest,
} from '../../../contract/feedback';
import { splitEmailList } from '../../../contract/validation';
import type { AppDeps } from '../deps';
import { actorOf, type Actor } from '../access/actor';
import { change } from '../db/events';
import { countriesIn, countryCodeOf } from '../lib/countries';
import { ok } from '../lib/envelope';
import { badRequest } from '../lib/problem';
import { PROVIDER_INBOX, queueMail, senderOf } from '../mail/outbox';
import { routedRecipients, type RoutedKind } from '../mail/routing';
import { distinctAddresses, unescapeHtml } from '../mail/text';
import { escapeHtml } from '../lib/html';
import { insertMessages } from '../messages/queries';
import { storageOf } from '../storage';
import { registerFiles } from '../storage/registry';
import { colleagueAddresses, customerNameOf, insertContactRequest, userForMail } from './queries';
import { checkAttachments } from './records';

const s = initServer();

/** The provider's mailbox for portal feedback. chosen: not in spec */
export const FEEDBACK_INBOX = 'portal-feedback@provider.example';

/** Where contact-us requests of each type go: the field of the routing of the user's site (spec 3 "E-mail routing"). */
const CONTACT_US_ROUTE: Readonly<Record<number, RoutedKind>> = {
  [CONTACT_TYPE.Sales]: 'contactSales',
  [CONTACT_TYPE.InstrumentRelocation]: 'contactRelocation',
  [CONTACT_TYPE.TechnicalSupport]: 'contactTechnical',
};

const TYPE_NAME: Readonly<Record<number, string>> = {
  [CONTACT_TYPE.Sales]: 'Sales',
  [CONTACT_TYPE.InstrumentRelocation]: 'Instrument relocation',
  [CONTACT_TYPE.TechnicalSupport]: 'Technical support',
};

const METHOD_NAME: Readonly<Record<number, string>> = {
  [CONTACT_METHOD.Phone]: 'Phone',
  [CONTACT_METHOD.Email]: 'E-mail',
  [CONTACT_METHOD.SeeComments]: 'See comments',
};

/** An option code in words for the provider's mail: `within3Months` -> "within 3 months". */
const words = (code: string | undefined) =>
  code
    ? code
        .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
        .replace(/([0-9])([A-Za-z])/g, '$1 $2')
        .toLowerCase()
    : '';

const reference = (id: number) => `FB-${String(id).padStart(6, '0')}`;

/**
 * Feedback copies go to colleagues (spec 3 "Feedback": notification e-mails; the form asks for colleagues who
 * should get a copy): active users of the caller's customer, or the caller. Any other address is refused, so the
 * form cannot mail the provider's feedback with attachments to strangers.
 */
async function requireColleagues(db: AppDeps['db'], actor: Actor, addresses: string[]): Promise<void> {
  if (addresses.length === 0) return;
  const lowered = addresses.map((a) => a.toLowerCase());
  const colleagues = await colleagueAddresses(db, actor, lowered);
  if (!lowered.every((a) => colleagues.has(a))) throw badRequest(FEEDBACK_REFUSAL.copyOutsideCustomer);
}

/** The English name of a country id of the configuration, or null when the id is unknown. */
const countryNameOf = (countryId: number) => countriesIn('en').find((c) => c.countryId === countryId)?.name ?? null;

function contactUsMailText(
  body: ContactUsRequest,
  from: { email: string; customer: string },
  country: string | null,
): string {
  const line = (label: string, value: string | null | undefined) => (value ? [`${label}: ${value}`] : []);
  const typeLines =
    body.type === CONTACT_TYPE.Sales
      ? [
          ...line('Challenge', words(optionCodeOf(CONTACT_CHALLENGES, body.challenge))),
          ...line('Timeline', words(optionCodeOf(CONTACT_TIMELINES, body.timeline))),
          ...line('Request a quote for', body.requestQuote),
        ]
      : body.type === CONTACT_TYPE.InstrumentRelocation
        ? [
            ...line('Instruments', body.instruments),
            ...line('Current location', body.location),
            ...line('New location', body.relocation),
            ...line('Move date', body.moveDate),
          ]
        : [...line('Category', words(optionCodeOf(SUPPORT_CATEGORIES, body.category))), ...line('Model', body.model)];
  return [
    `Contact request: ${TYPE_NAME[body.type]}`,
    '',
    `Name: ${body.firstName} ${body.lastName}`,
    ...line('Company', body.companyName),
    ...line('Country', country ?? body.country),
    `Portal account: ${from.email} (${from.customer})`,
    `Contact by: ${METHOD_NAME[body.contactMethod]}`,
    ...line('E-mail', body.emailAddress),
    ...line('Telephone', body.telephone),
    ...line('Call time', body.callTime),
    ...typeLines,
    ...(body.comments ? ['', 'Comments:', body.comments] : []),
  ].join('\n');
}

/** Feedback and contact requests. The no-account request needs no session (the account is not recognised). */
export function feedbackRouter(deps: AppDeps) {
  const { db } = deps;
  return {
    sendFeedback: s.route(feedbackContract.sendFeedback, async ({ request, body }) => {
      const actor = actorOf(request);
      const sizes = await checkAttachments(deps, actor, body.attachFiles);
      const user = await userForMail(db, actor.userId);
      const customer = await customerNameOf(db, actor.customerId);
      const notify = distinctAddresses(splitEmailList(body.emailTo));
      await requireColleagues(db, actor, notify);
      const sender = await senderOf(db, actor.userId);
      const attachFiles = body.attachFiles.map((file, i) => ({ ...file, size: sizes[i]! }));
      await change(db, async (trx) => {
        await registerFiles(trx, storageOf(deps.config), body.attachFiles, {
          customerId: actor.customerId,
          as: 'feedbackAttachment',
        });
        const id = await insertContactRequest(trx, {
          kind: 'feedback',
          email: user.email,
          payload: JSON.stringify({ ...body, emailTo: notify.join(';'), attachFiles }),
          user_id: actor.userId,
          customer_id: actor.customerId,
        });
        await queueMail(trx, {
          to: distinctAddresses([FEEDBACK_INBOX, ...notify]),
          subject: `Portal feedback ${reference(id)} from ${user.first_name} ${user.last_name} (${customer})`,
          body: [
            `Feedback ${reference(id)}`,
            '',
            `From: ${user.first_name} ${user.last_name} <${user.email}>, ${customer}`,
            ...(notify.length > 0 ? [`Copy to: ${notify.join('; ')}`] : []),
            ...(attachFiles.length > 0
              ? [
                  `Attachments: ${attachFiles.map((f) => `${f.fileName} (${f.bucketName}/${f.resourceKey})`).join(', ')}`,
                ]
              : []),
            '',
            unescapeHtml(body.issueDescription),
          ].join('\n'),
          attachments: attachFiles.map((f) => ({ bucket: f.bucketName, key: f.resourceKey, fileName: f.fileName })),
          causedBy: sender,
        });
        // The acknowledgement in the user's notifications (category feedback), the description escaped once.
        await insertMessages(trx, [
          {
            customer_id: actor.customerId,
            user_id: actor.userId,
            category: 'feedback',
            subject: 'Thank you for your feedback',
            content:
              `<p>We have received your feedback and will answer within five business days.</p>` +
              `<blockquote><p>${escapeHtml(unescapeHtml(body.issueDescription)).replace(/\n/g, '<br>')}</p></blockquote>` +
              `<ul><li>Reference: ${reference(id)}</li><li>Attachments: ${attachFiles.length}</li></ul>`,
          },
        ]);
        return {
          result: null,
          event: {
            customerId: actor.customerId,
            actorId: actor.userId,
            entityType: 'contactRequest',
            entityId: id,
            eventType: 'contactRequest.created',
            payload: { kind: 'feedback', emailTo: notify, attachments: attachFiles.map((f) => f.fileName) },
          },
        };
      });
      return ok(null);
    }),

    contactUs: s.route(feedbackContract.contactUs, async ({ request, params, body }) => {
      const actor = actorOf(request);
      if (params.type !== body.type) throw badRequest(CONTACT_US_REFUSAL.typeMismatch);
      const country = body.countryId == null ? null : countryNameOf(body.countryId);
      if (body.countryId != null && country === null) throw badRequest(CONTACT_US_REFUSAL.unknownCountry);
      const user = await userForMail(db, actor.userId);
      const customer = await customerNameOf(db, actor.customerId);
      // The user's site decides; a user without one is routed by the country the form names, else to All.
      const site = { locationId: user.location_id, countryCode: body.countryId ? countryCodeOf(body.countryId) : null };
      const inbox = await routedRecipients(db, site, CONTACT_US_ROUTE[body.type] ?? 'contactTechnical');
      const sender = await senderOf(db, actor.userId);
      await change(db, async (trx) => {
        const id = await insertContactRequest(trx, {
          kind: 'contactUs',
          email: body.emailAddress || user.email,
          payload: JSON.stringify({ ...body, country: country ?? body.country ?? null }),
          user_id: actor.userId,
          customer_id: actor.customerId,
        });
        await queueMail(trx, {
          to: inbox,
          subject: `${TYPE_NAME[body.type]} request from ${body.firstName} ${body.lastName}${
            body.companyName ? `, ${body.companyName}` : ''
          }`,
          body: contactUsMailText(body, { email: user.email, customer }, country),
          causedBy: sender,
        });
        return {
          result: null,
          event: {
            customerId: actor.customerId,
            actorId: actor.userId,
            entityType: 'contactRequest',
            entityId: id,
            eventType: 'contactRequest.created',
            payload: { kind: 'contactUs', type: body.type, routedTo: inbox.join(';') },
          },
        };
      });
      return ok(null);
    }),

    requestMoreInfo: s.route(feedbackContract.requestMoreInfo, async ({ body }) => {
      await change(db, async (trx) => {
        const id = await insertContactRequest(trx, {
          kind: 'noAccount',
          email: body.emailAddress,
          payload: JSON.stringify(body),
          user_id: null,
          customer_id: null,
        });
        await queueMail(trx, {
          to: [PROVIDER_INBOX],
          subject: `Portal access request from ${body.firstName} ${body.lastName}`,
          body: [
            `Name: ${body.firstName} ${body.lastName}`,
            `E-mail: ${body.emailAddress}`,
            `Telephone: ${body.telephone}`,
            `Company: ${body.companyName ?? ''}`,
            `Country: ${body.country ?? ''}`,
            `Comments: ${body.comments ?? ''}`,
          ].join('\n'),
        });
        return {
          result: null,
          event: {
            customerId: null,
            actorId: null,
            entityType: 'contactRequest',
            entityId: id,
            eventType: 'contactRequest.created',
            payload: { kind: 'noAccount' },
          },
        };
      });
      return ok(null);
    }),
  };
}
