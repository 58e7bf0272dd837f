import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { ErrorCode } from '../../contract/errors';
import { failureOf, integer, pact, pactClient, regex, string } from './support';

const USER = 'user@acme-labs.example';
const EXAMPLE = { equipmentId: 8, code: 'q7Zr2V9xLk3mPw0sTb6yNa' };
const withLabel = ['an instrument with a label code exists', { email: USER }] as const;

describe('QR labels (consumer)', () => {
  it('downloads the label sheet of an instrument on A4 label stock', async () => {
    const provider = pact()
      .given(...withLabel)
      .uponReceiving('a request for the QR label sheet of an instrument')
      .withRequest({
        method: 'POST',
        path: '/api/EquipmentLabel/PDF',
        body: {
          equipmentIds: [MatchersV3.fromProviderState('${equipmentId}', EXAMPLE.equipmentId)],
          layout: 'a4-l7163',
        },
      })
      .willRespondWith({
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="Labels_a4-l7163.pdf"',
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).labels.labelSheet({
        body: { equipmentIds: [EXAMPLE.equipmentId], layout: 'a4-l7163' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
    });
  });

  it('opens the instrument a scanned label names', async () => {
    const provider = pact()
      .given(...withLabel)
      .uponReceiving('a request for the instrument of a scanned label')
      .withRequest({
        method: 'GET',
        path: MatchersV3.fromProviderState('/api/EquipmentLabel/${code}', `/api/EquipmentLabel/${EXAMPLE.code}`),
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: { equipmentId: integer(EXAMPLE.equipmentId) } } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).labels.resolveLabel({ params: { code: EXAMPLE.code } });
      expect(res.body).toMatchObject({ errorCode: 0, result: { equipmentId: EXAMPLE.equipmentId } });
    });
  });

  it('answers 10002 for a label that is unknown or not the customer’s', async () => {
    const provider = pact()
      .given(...withLabel)
      .uponReceiving('a request for the instrument of an unknown label')
      .withRequest({ method: 'GET', path: '/api/EquipmentLabel/AAAAAAAAAAAAAAAAAAAAAA' })
      .willRespondWith({
        status: 200,
        headers: { 'Content-Type': regex(/^application\/json(;.*)?$/.source, 'application/json; charset=utf-8') },
        body: { errorCode: ErrorCode.EquipmentNotFound, errorMessage: string('No such instrument') },
      });
    await provider.executeTest(async (server) => {
      const error = await failureOf(
        pactClient(server.url).labels.resolveLabel({ params: { code: 'AAAAAAAAAAAAAAAAAAAAAA' }, silent: true }),
      );
      expect(error).toMatchObject({ kind: 'api', errorCode: ErrorCode.EquipmentNotFound });
    });
  });
});
