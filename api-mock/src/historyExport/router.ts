import { initServer } from '@ts-rest/fastify';
import { HISTORY_EXPORT_MAX, historyExportContract } from '../../../contract/historyExport';
import type { AppDeps } from '../deps';
import { actorOf, type Actor } from '../access/actor';
import { badRequest, HttpProblem } from '../lib/problem';
import { requireEquipment } from '../equipment/records';
import { envelopeAsJson } from '../equipment/contractPdf.router';
import { reportOffset } from '../reports/reportDocument';
import { ReportBusy } from '../reports/reportRenderer';
import { historyCsv } from './historyCsv';
import { instrumentHistoryExport, languageOf } from './queries';

const s = initServer();

/** A file name safe in Content-Disposition and on any disk: the serial's letters, digits, "-" and "_". */
export const historyFileName = (serial: string | null, id: number, extension: 'pdf' | 'csv') =>
  `History_${(serial ?? '').replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40) || String(id)}.${extension}`;

const download = (reply: { header(name: string, value: string): unknown }, name: string, type: string) => {
  reply.header('Content-Disposition', `attachment; filename="${name}"`);
  reply.header('Content-Type', type);
};

/*
 * An instrument's history as PDF or CSV for an inspection. Who may call and what is answered, as the History tab:
 * - signed in (401), an instrument the caller may open, else errorCode 10002 in the envelope (JSON), so an id of
 *   another customer's instrument reveals nothing; only the caller's customer's events are exported;
 * - more than HISTORY_EXPORT_MAX entries: 400, rather than an export that is silently part of the trail;
 * - a GET changes nothing.
 */
export function historyExportRouter({ db, reports }: AppDeps) {
  const historyOf = async (actor: Actor, id: number) => {
    const equipment = await requireEquipment(db, actor, id);
    const [found, language] = await Promise.all([
      instrumentHistoryExport(db, actor.customerId, equipment),
      languageOf(db, actor.userId),
    ]);
    if (found.tooMany) throw badRequest(`The history holds more than ${HISTORY_EXPORT_MAX} entries`);
    return { data: found.data, language, serial: equipment.serial };
  };

  return {
    equipmentPdf: {
      hooks: { onSend: envelopeAsJson },
      handler: s.route(historyExportContract.equipmentPdf, async ({ request, reply, params, query }) => {
        const { data, language, serial } = await historyOf(actorOf(request), params.id);
        let pdf: Buffer;
        try {
          pdf = await reports!.renderHistory(data, { language, utcOffsetMinutes: query.timeZoneDiff });
        } catch (error) {
          if (error instanceof ReportBusy) {
            throw new HttpProblem(429, 'Too many reports are being made; try again shortly', { 'Retry-After': '5' });
          }
          throw error;
        }
        download(reply, historyFileName(serial, params.id, 'pdf'), 'application/pdf');
        return { status: 200, body: pdf as unknown as Blob };
      }),
    },
    equipmentCsv: {
      hooks: { onSend: envelopeAsJson },
      handler: s.route(historyExportContract.equipmentCsv, async ({ request, reply, params, query }) => {
        const { data, language, serial } = await historyOf(actorOf(request), params.id);
        const csv = await historyCsv(data, { language, utcOffsetMinutes: reportOffset(query.timeZoneDiff) });
        download(reply, historyFileName(serial, params.id, 'csv'), 'text/csv; charset=utf-8');
        return { status: 200, body: csv as unknown as Blob };
      }),
    },
  };
}
