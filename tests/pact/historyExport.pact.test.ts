import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { ErrorCode } from '../../contract/errors';
import { pact, pactClient, regex, string, failureOf } from './support';

const USER = 'user@acme-labs.example';
const EXAMPLE_ID = 8;
const withHistory = ['records with an audit history exist', { email: USER }] as const;
const exportPath = (format: 'PDF' | 'CSV') =>
  MatchersV3.fromProviderState(
    `/api/Equipment/\${equipmentId}/history/${format}`,
    `/api/Equipment/${EXAMPLE_ID}/history/${format}`,
  );
const attachment = (extension: 'pdf' | 'csv') =>
  regex(
    new RegExp(`^attachment; filename="History_[A-Za-z0-9_-]+\\.${extension}"$`).source,
    `attachment; filename="History_DEAB123456.${extension}"`,
  );

describe('history export of an instrument (consumer)', () => {
  it('downloads the history of an instrument as a PDF', async () => {
    const provider = pact()
      .given(...withHistory)
      .uponReceiving('a request for the history of an instrument as a PDF')
      .withRequest({ method: 'GET', path: exportPath('PDF') })
      .willRespondWith({
        status: 200,
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': attachment('pdf') },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).historyExport.equipmentPdf({ params: { id: EXAMPLE_ID } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
    });
  });

  it('downloads the history of an instrument as a CSV', async () => {
    const provider = pact()
      .given(...withHistory)
      .uponReceiving('a request for the history of an instrument as a CSV')
      .withRequest({ method: 'GET', path: exportPath('CSV') })
      .willRespondWith({
        status: 200,
        headers: {
          'Content-Type': regex(/^text\/csv; charset=utf-8$/.source, 'text/csv; charset=utf-8'),
          'Content-Disposition': attachment('csv'),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).historyExport.equipmentCsv({ params: { id: EXAMPLE_ID } });
      expect(res.status).toBe(200);
    });
  });

  it('answers 10002 in the JSON envelope for an instrument that is not the customer’s', async () => {
    const provider = pact()
      .given(...withHistory)
      .uponReceiving('a request for the history export of an instrument that is not the customer’s')
      .withRequest({ method: 'GET', path: '/api/Equipment/2000000000/history/CSV' })
      .willRespondWith({
        status: 200,
        headers: { 'Content-Type': regex(/^application\/json(;.*)?$/.source, 'application/json; charset=utf-8') },
        body: { errorCode: ErrorCode.EquipmentNotFound, errorMessage: string('No equipment 2000000000') },
      });
    await provider.executeTest(async (server) => {
      const error = await failureOf(
        pactClient(server.url).historyExport.equipmentCsv({ params: { id: 2_000_000_000 }, silent: true }),
      );
      expect(error).toMatchObject({ kind: 'api', errorCode: ErrorCode.EquipmentNotFound });
    });
  });
});
