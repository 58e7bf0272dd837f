import { initServer } from '@ts-rest/fastify';
import { labelsContract } from '../../../contract/labels';
import { ErrorCode } from '../../../contract/errors';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { envelopeAsJson } from '../equipment/contractPdf.router';
import { fail, ok } from '../lib/envelope';
import { HttpProblem } from '../lib/problem';
import { ReportBusy } from '../reports/reportRenderer';
import { labelSheetRows, labelTarget } from './queries';

const s = initServer();

/** A scanned code the caller may not follow: the same answer whether it is unknown or another customer's. */
const NOT_YOURS = 'No such instrument';

/*
 * QR labels (issue 38). Who may call and what is answered:
 * - signed in (401); the instruments are the session customer's that the caller sees (provider staff: hidden ones
 *   too), as GET Equipment/{id};
 * - the sheet: every instrument asked must be the caller's, else errorCode 10002 (JSON) and nothing is issued; an
 *   instrument's first sheet gives it its label code (a POST, with its event); its link names PUBLIC_ORIGIN;
 * - a code: the instrument's id when it is the caller's to see; an unknown code, another customer's and a hidden one
 *   are all errorCode 10002 with the same message, so a code reveals nothing. A provider user switched to another
 *   customer is answered as that customer's user: switch back to the label's customer to open it.
 */
export function labelsRouter({ db, reports, config }: AppDeps) {
  return s.router(labelsContract, {
    labelSheet: {
      hooks: { onSend: envelopeAsJson },
      handler: async ({ request, reply, body, query }) => {
        const actor = actorOf(request);
        const reach = { customerId: actor.customerId, isPEUser: actor.isPEUser, userId: actor.userId };
        const rows = await labelSheetRows(db, reach, body.equipmentIds, config.publicOrigin);
        if (!rows) return fail(ErrorCode.EquipmentNotFound, 'Not every instrument is yours to see') as never;
        let pdf: Buffer;
        try {
          pdf = await reports!.renderLabels(
            { layout: body.layout, labels: rows.labels, assetIdLabel: rows.assetIdLabel },
            { language: rows.language, utcOffsetMinutes: query.timeZoneDiff },
          );
        } catch (error) {
          if (error instanceof ReportBusy) {
            throw new HttpProblem(429, 'Too many reports are being made; try again shortly', { 'Retry-After': '5' });
          }
          throw error;
        }
        reply.header('Content-Disposition', `attachment; filename="Labels_${body.layout}.pdf"`);
        reply.header('Content-Type', 'application/pdf');
        return { status: 200, body: pdf as unknown as Blob };
      },
    },
    resolveLabel: async ({ request, params }) => {
      const actor = actorOf(request);
      const equipmentId = await labelTarget(
        db,
        { customerId: actor.customerId, isPEUser: actor.isPEUser },
        params.code,
      );
      return equipmentId === null ? fail(ErrorCode.EquipmentNotFound, NOT_YOURS) : ok({ equipmentId });
    },
  });
}
