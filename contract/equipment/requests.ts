import { z } from 'zod';
import { signedIn } from '../access';
import { c, envelope, EntityId, IsoDateTime, pagingQuery, standardErrors, withCommonQuery } from '../common';
import { paged } from '../listQuery';
import { optionalText, requiredText } from '../validation';
import { ContactMethodCode, EQUIPMENT_MAX } from './model';
import { idParams, requiredEmail, requiredPhone } from './parts';

const M = EQUIPMENT_MAX;

/* ------------------------------------------------------------------------------------------------------------------
 * Requests of the detail page (spec 2 section 3 and section 5 "Request more info", "Contact the contract team").
 * ---------------------------------------------------------------------------------------------------------------- */

/** Lengths of spec 2 section 9: comments 200, names 30, company 60, e-mail 60, phone 20. */
export const REQUEST_MAX = { comments: 200, name: 30, company: 60, email: 60, phone: 20 } as const;

export const ContractTeamRequest = z.object({
  equipmentId: EntityId,
  userName: optionalText(61),
  firstName: requiredText(REQUEST_MAX.name),
  lastName: requiredText(REQUEST_MAX.name),
  emailAddress: requiredEmail(REQUEST_MAX.email),
  telephone: requiredPhone(REQUEST_MAX.phone),
  contactMethod: ContactMethodCode.nullable().optional(),
  comments: optionalText(REQUEST_MAX.comments),
  /** Plans or services of interest (contract plans comparison); length chosen: not in spec. */
  interestedIn: optionalText(200),
  additionalSolutionsFor: optionalText(200),
  mfg: optionalText(M.mfg),
  model: optionalText(M.model),
  serial: optionalText(M.serial),
});
export type ContractTeamRequest = z.infer<typeof ContractTeamRequest>;

/** Where a contract change request stands; the contract team moves it on (spec 2 row menu "View ARC requests"). */
export const ContractRequestStatus = z.enum(['SUBMITTED', 'IN_PROGRESS', 'CLOSED']);
export type ContractRequestStatus = z.infer<typeof ContractRequestStatus>;

/** Requests on one page of View ARC requests, and the most a page may ask for. Chosen: not in spec. */
export const CONTRACT_REQUEST_PAGE_SIZE = 10;
export const CONTRACT_REQUEST_PAGE_SIZE_MAX = 100;

/** The reference a contract change request goes by, in its mails and in the list: CR-000042. */
export const contractRequestReference = (id: number) => `CR-${String(id).padStart(6, '0')}`;

/**
 * One contract change request of an instrument as View ARC requests lists it: when and by whom it was made, how the
 * requester wants to be contacted and what they asked, as the contract team received it.
 */
export const ContractChangeRequest = z.object({
  id: EntityId,
  reference: z.string().max(20),
  status: ContractRequestStatus,
  createdOn: IsoDateTime,
  /** The requester's account (first and last name); the name on the form when that account is gone. */
  requesterName: z.string().max(2 * REQUEST_MAX.name + 1),
  contactMethod: ContactMethodCode.nullable(),
  interestedIn: z.string().max(200).nullable(),
  additionalSolutionsFor: z.string().max(200).nullable(),
  comments: z.string().max(REQUEST_MAX.comments).nullable(),
});
export type ContractChangeRequest = z.infer<typeof ContractChangeRequest>;

export const requestsRoutes = c.router({
  contractRequests: {
    method: 'GET',
    // path chosen: not in spec
    path: '/api/Equipment/:id/contract/request',
    pathParams: idParams,
    query: withCommonQuery(pagingQuery(CONTRACT_REQUEST_PAGE_SIZE, CONTRACT_REQUEST_PAGE_SIZE_MAX)),
    responses: { 200: envelope(paged(ContractChangeRequest)), ...standardErrors },
    summary:
      "A page of an equipment's contract change requests by anyone of the customer, newest first (View ARC requests; needs ARC); errorCode 10002 when not found",
    metadata: signedIn('customerEquipment', { feature: 'ARC' }),
  },
  requestContract: {
    method: 'POST',
    path: '/api/Equipment/Contract/Request',
    query: withCommonQuery({}),
    body: ContractTeamRequest,
    responses: { 200: envelope(z.null()), ...standardErrors },
    summary: 'Contact the contract team about an equipment (contract change request)',
    metadata: signedIn('customerEquipment', { feature: 'ARC' }),
  },
});
