import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { USER_ADDED_REFUSAL } from '../../contract/equipment';
import { ErrorCode } from '../../contract/errors';
import { pact, pactClient, regex, string, failureOf } from './support';

const USER = 'user@acme-labs.example';
const EXAMPLE = { equipmentId: 8, contractId: 'C100234567', userAddedId: 201 };
const withContract = ['an instrument with a contract exists', { email: USER }] as const;
const pdfPath = (key: 'equipmentId' | 'userAddedId') =>
  MatchersV3.fromProviderState(`/api/Equipment/\${${key}}/contract/PDF`, `/api/Equipment/${EXAMPLE[key]}/contract/PDF`);

/** The headers of the PDF a new window shows: inline, with a file name of the contract number's safe characters. */
const pdfHeaders = {
  'Content-Type': 'application/pdf',
  'Content-Disposition': regex(
    /^inline; filename="Contract_[A-Za-z0-9_-]+\.pdf"$/.source,
    `inline; filename="Contract_${EXAMPLE.contractId}.pdf"`,
  ),
  'Cache-Control': 'no-store',
};

describe('contract PDF of an instrument (consumer)', () => {
  it('opens the PDF of the instrument’s latest contract', async () => {
    const provider = pact()
      .given(...withContract)
      .uponReceiving('a request for the contract PDF of an instrument')
      .withRequest({ method: 'GET', path: pdfPath('equipmentId') })
      .willRespondWith({ status: 200, headers: pdfHeaders });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.contractPdf({ params: { id: EXAMPLE.equipmentId } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
    });
  });

  it('opens the PDF of one contract of the instrument’s history by its contractId', async () => {
    const provider = pact()
      .given(...withContract)
      .uponReceiving('a request for the PDF of one contract of an instrument’s history')
      .withRequest({
        method: 'GET',
        path: pdfPath('equipmentId'),
        query: { contractId: MatchersV3.fromProviderState('${contractId}', EXAMPLE.contractId) },
      })
      .willRespondWith({ status: 200, headers: pdfHeaders });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.contractPdf({
        params: { id: EXAMPLE.equipmentId },
        query: { contractId: EXAMPLE.contractId },
      });
      expect(res.status).toBe(200);
    });
  });

  it('answers 10002 in the JSON envelope for an instrument that is not the customer’s', async () => {
    const provider = pact()
      .given(...withContract)
      .uponReceiving('a request for the contract PDF of an instrument that is not the customer’s')
      .withRequest({ method: 'GET', path: '/api/Equipment/2000000000/contract/PDF' })
      .willRespondWith({
        status: 200,
        headers: { 'Content-Type': regex(/^application\/json(;.*)?$/.source, 'application/json; charset=utf-8') },
        body: { errorCode: ErrorCode.EquipmentNotFound, errorMessage: string('No equipment 2000000000') },
      });
    await provider.executeTest(async (server) => {
      const error = await failureOf(
        pactClient(server.url).equipment.contractPdf({ params: { id: 2_000_000_000 }, silent: true }),
      );
      expect(error).toMatchObject({ kind: 'api', errorCode: ErrorCode.EquipmentNotFound });
    });
  });

  it('refuses the contract PDF of an instrument the user added', async () => {
    const provider = pact()
      .given(...withContract)
      .uponReceiving('a request for the contract PDF of an instrument the user added')
      .withRequest({ method: 'GET', path: pdfPath('userAddedId') })
      .willRespondWith({ status: 400, body: { errorCode: 400, errorMessage: USER_ADDED_REFUSAL } });
    await provider.executeTest(async (server) => {
      const error = await failureOf(
        pactClient(server.url).equipment.contractPdf({ params: { id: EXAMPLE.userAddedId }, silent: true }),
      );
      expect(error).toMatchObject({ kind: 'http', status: 400, errorMessage: USER_ADDED_REFUSAL });
    });
  });
});
