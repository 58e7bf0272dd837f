import { initServer } from '@ts-rest/fastify';
import type { onSendHookHandler } from 'fastify';
import { equipmentContract, USER_ADDED_REFUSAL } from '../../../contract/equipment';
import { ErrorCode } from '../../../contract/errors';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { fail } from '../lib/envelope';
import { badRequest, HttpProblem, notFound } from '../lib/problem';
import { contractReportOf } from '../contracts/report.queries';
import { ReportBusy } from '../reports/reportRenderer';

const s = initServer();

/*
 * View contract PDF (spec 2 "Contract section"): the contract of an instrument as a PDF, made by the report worker
 * as the service report is. Who may call and what is answered:
 * - signed in (401), nothing else: the PDF shows what the instrument's page shows, so no PDF-access rule applies
 *   (that one, userAccessPDF, is the service reports');
 * - another customer's, a hidden or a missing instrument: errorCode 10002 in the envelope, as GET Equipment/{id}, so
 *   an id reveals nothing;
 * - an instrument the customer added: 400 USER_ADDED_REFUSAL, as the contract request (it has no provider contract);
 * - no contract, or none of the instrument's with the contractId asked for: 404, as the service report of an order
 *   without one (the instrument is there, the document is not);
 * - a GET changes nothing; the history and the other instruments listed are bounded.
 */

/** A file name that is safe in Content-Disposition and on any disk: the number's letters, digits, "-" and "_". */
export const contractPdfFileName = (contractNumber: string) =>
  `Contract_${contractNumber.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40) || 'contract'}.pdf`;

/**
 * This route's 200 is a PDF, so ts-rest labels every 200 answer application/pdf; the envelope of a business error
 * (an object, where a PDF is a Buffer) goes out as the JSON it is.
 */
export const envelopeAsJson: onSendHookHandler = async (_request, reply, payload) => {
  if (payload === null || typeof payload !== 'object' || Buffer.isBuffer(payload)) return payload;
  if (typeof (payload as { pipe?: unknown }).pipe === 'function') return payload;
  reply.type('application/json; charset=utf-8');
  return JSON.stringify(payload);
};

export function equipmentContractPdfRoutes({ db, reports }: AppDeps) {
  return {
    contractPdf: {
      hooks: { onSend: envelopeAsJson },
      handler: s.route(equipmentContract.contractPdf, async ({ request, reply, params, query }) => {
        const actor = actorOf(request);
        const found = await contractReportOf(
          db,
          { customerId: actor.customerId, userId: actor.userId, isPEUser: actor.isPEUser },
          params.id,
          { contractNumber: query.contractId, utcOffsetMinutes: query.timeZoneDiff },
        );
        if (found.outcome === 'notFound') {
          // The envelope of GET Equipment/{id}; envelopeAsJson sends it as JSON.
          return fail(ErrorCode.EquipmentNotFound, `No equipment ${params.id}`) as never;
        }
        if (found.outcome === 'userAdded') throw badRequest(USER_ADDED_REFUSAL);
        if (found.outcome === 'noContract') {
          throw notFound(
            query.contractId === undefined
              ? `Equipment ${params.id} has no contract`
              : `Equipment ${params.id} has no contract ${JSON.stringify(query.contractId)}`,
          );
        }
        let pdf: Buffer;
        try {
          pdf = await reports!.renderContract(found.data, {
            language: found.language,
            utcOffsetMinutes: query.timeZoneDiff,
          });
        } catch (error) {
          if (error instanceof ReportBusy) {
            throw new HttpProblem(429, 'Too many reports are being made; try again shortly', { 'Retry-After': '5' });
          }
          throw error;
        }
        reply.header('Content-Disposition', `inline; filename="${contractPdfFileName(found.contractNumber)}"`);
        reply.header('Content-Type', 'application/pdf');
        return { status: 200, body: pdf as unknown as Blob };
      }),
    },
  };
}
