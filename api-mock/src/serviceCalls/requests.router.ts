import { initServer } from '@ts-rest/fastify';
import { SERVICE_WORK_TYPE_IDS } from '../../../contract/limits';
import {
  SERVICE_REQUEST_REFUSAL,
  serviceCallsContract,
  ServicePriority,
  type ServiceRequest,
} from '../../../contract/serviceCalls';
import { SERVICE_CALL_TYPE_NAMES } from '../../../contract/reservations';
import { splitEmailList } from '../../../contract/validation';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { change } from '../db/events';
import { ok } from '../lib/envelope';
import { badRequest } from '../lib/problem';
import { queueMail } from '../mail/outbox';
import { routedRecipients } from '../mail/routing';
import { distinctAddresses, unescapeHtml } from '../mail/text';
import { storageOf } from '../storage';
import { requireEquipment } from '../equipment/records';
import {
  equipmentSnapshot,
  insertServiceCall,
  insertServiceCallAttachments,
  nextServiceOrder,
  requestedForUser,
  requesterOf,
  snapshotValues,
} from './requests.queries';
import { attachmentSizes } from '../storage/attachments';
import { registerFiles } from '../storage/registry';

const s = initServer();

type ServiceWorkTypeId = (typeof SERVICE_WORK_TYPE_IDS)[number];

/** The job type of the work order a request of each service-work type opens. */
export const JOB_TYPE_OF_SERVICE_WORK = Object.fromEntries(
  SERVICE_WORK_TYPE_IDS.map((id) => [id, SERVICE_CALL_TYPE_NAMES[id]!]),
) as Readonly<Record<ServiceWorkTypeId, string>>;

const PRIORITY_NAME: Readonly<Record<number, string>> = {
  [ServicePriority.Urgent]: 'Urgent',
  [ServicePriority.High]: 'High',
  [ServicePriority.Medium]: 'Medium',
  [ServicePriority.Low]: 'Low',
  [ServicePriority.VeryLow]: 'Very Low',
};

/** Status of a request the provider has not scheduled yet. */
export const NEW_REQUEST_STATUS = 'OPEN';

const ATTACHMENT_KIND = 'ServiceRequestAttachment';

const jobTypeOf = (issueType: string): string | null => {
  const id = Number(issueType);
  return SERVICE_WORK_TYPE_IDS.includes(id as ServiceWorkTypeId)
    ? JOB_TYPE_OF_SERVICE_WORK[id as ServiceWorkTypeId]
    : null;
};

interface RequestMail {
  serviceOrderNo: string;
  jobType: string;
  body: ServiceRequest;
  requester: { name: string; email: string };
  requestedFor: { name: string; email: string } | null;
  equipment: { mfg: string; model: string; serial: string | null } | null;
  attachments: string[];
}

function mailText(m: RequestMail): string {
  const equipment = m.equipment
    ? `${m.equipment.mfg} ${m.equipment.model}${m.equipment.serial ? `, serial ${m.equipment.serial}` : ''}`
    : 'none chosen';
  return [
    `Service request ${m.serviceOrderNo} has been received.`,
    '',
    `Type: ${m.jobType}`,
    `Priority: ${PRIORITY_NAME[m.body.priority] ?? m.body.priority}`,
    `Equipment: ${equipment}`,
    `Requested by: ${m.requester.name} <${m.requester.email}>`,
    ...(m.requestedFor ? [`Requested for: ${m.requestedFor.name} <${m.requestedFor.email}>`] : []),
    `Office phone: ${m.body.officePhone || '-'}`,
    ...(m.attachments.length > 0 ? [`Attachment: ${m.attachments.join(', ')}`] : []),
    '',
    'Issue:',
    unescapeHtml(m.body.issueText),
  ].join('\n');
}

const userName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`;

/** POST ServiceCall: a service request of the caller's customer, opened as a work order, with its mails. */
export function serviceRequestsRouter(deps: AppDeps) {
  const { db } = deps;
  return {
    createRequest: s.route(serviceCallsContract.createRequest, async ({ request, body }) => {
      const actor = actorOf(request);
      const jobType = jobTypeOf(body.issueType);
      if (!jobType) throw badRequest(SERVICE_REQUEST_REFUSAL.issueType);

      if (body.equipmentId) await requireEquipment(db, actor, body.equipmentId);
      const equipment = body.equipmentId ? await equipmentSnapshot(db, actor.customerId, body.equipmentId) : null;

      const requester = await requesterOf(db, actor.userId);
      const requestedFor =
        body.requestForOther && body.requestForUserId
          ? await requestedForUser(db, actor.customerId, body.requestForUserId)
          : null;
      if (body.requestForOther && !requestedFor) throw badRequest(SERVICE_REQUEST_REFUSAL.requestedFor);

      const sizes = await attachmentSizes(deps, actor, ATTACHMENT_KIND, body.attachFiles, {
        missing: SERVICE_REQUEST_REFUSAL.attachmentMissing,
        notOwn: 'The attachment is not a service-request file of this customer',
      });

      const requestEmails = splitEmailList(body.requestEmail);
      const contactName = userName(requester);
      const created = await change(db, async (trx) => {
        const { id, serviceOrderNo } = await nextServiceOrder(trx);
        await insertServiceCall(trx, {
          id,
          customer_id: actor.customerId,
          equipment_id: equipment?.id ?? null,
          // The order keeps the instrument and site as they are now (spec 3 "Work-order row").
          ...snapshotValues(equipment),
          service_order_no: serviceOrderNo,
          job_type: jobType,
          call_status: NEW_REQUEST_STATUS,
          issue_type: body.issueType,
          priority: body.priority,
          issue_text: body.issueText,
          request_email: requestEmails.join(';') || null,
          // Read-only in the form: always the signed-in user's.
          contact_name: contactName,
          email: requester.email,
          office_phone: body.officePhone || null,
          requested_by: actor.userId,
          request_for_user_id: requestedFor?.id ?? null,
        });
        if (body.attachFiles.length > 0) {
          await registerFiles(trx, storageOf(deps.config), body.attachFiles, {
            customerId: actor.customerId,
            as: 'serviceRequestAttachment',
          });
          await insertServiceCallAttachments(
            trx,
            id,
            body.attachFiles.map((file, index) => ({ ...file, size: sizes[index]! })),
          );
        }
        const subject = `Service request ${serviceOrderNo}: ${jobType}${equipment ? `, ${equipment.mfg} ${equipment.model}` : ''}`;
        const text = mailText({
          serviceOrderNo,
          jobType,
          body,
          requester: { name: contactName, email: requester.email },
          requestedFor: requestedFor ? { name: userName(requestedFor), email: requestedFor.email } : null,
          equipment: equipment ?? null,
          attachments: body.attachFiles.map((f) => f.fileName),
        });
        // The provider's copy goes to the addresses routed for the site (the instrument's, else the requester's).
        const site = { locationId: equipment?.location_id ?? requester.location_id };
        const provider = await routedRecipients(trx, site, 'serviceRequest');
        const attachments = body.attachFiles.map((f) => ({
          bucket: f.bucketName,
          key: f.resourceKey,
          fileName: f.fileName,
        }));
        // The notification list takes any address (spec 2 section 5: typed, and the instrument's primary user and
        // lab manager, whose addresses are free fields): the quota bounds it and the mail names the requester.
        const causedBy = { userId: actor.userId, name: contactName, email: requester.email };
        if (provider.length > 0) await queueMail(trx, { to: provider, subject, body: text, attachments, causedBy });
        await queueMail(trx, {
          to: distinctAddresses([requester.email, ...(requestedFor ? [requestedFor.email] : []), ...requestEmails]),
          subject,
          body: text,
          attachments,
          causedBy,
        });
        return {
          result: { requestId: id, serviceOrderNo },
          event: {
            customerId: actor.customerId,
            actorId: actor.userId,
            entityType: 'serviceCall',
            entityId: id,
            eventType: 'serviceCall.requested',
            payload: {
              serviceOrderNo,
              equipmentId: equipment?.id ?? null,
              issueType: body.issueType,
              priority: body.priority,
              requestForUserId: requestedFor?.id ?? null,
              requestEmail: requestEmails,
              attachments: body.attachFiles.map((f) => f.fileName),
              routedTo: provider.join(';'),
            },
          },
        };
      });
      return ok(created);
    }),
  };
}
