import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { ErrorCode } from '../../contract/errors';
import { boolean, eachLike, integer, pact, pactClient, string } from './support';

const USER = 'user@acme-labs.example';
const EXAMPLE_ID = 8;
const inSystem = ['an instrument in a system exists', { email: USER }] as const;
const equipmentPath = (suffix = '') =>
  MatchersV3.fromProviderState(`/api/Equipment/\${equipmentId}${suffix}`, `/api/Equipment/${EXAMPLE_ID}${suffix}`);

const component = {
  equipmentId: integer(9),
  serial: string('AG01071510'),
  mfg: string('Agilent'),
  model: string('1260 Infinity II'),
  systemId: string('SYS-PACT-1'),
};

describe('equipment detail (consumer)', () => {
  it('reads an instrument with its EHS data and the other components of its system', async () => {
    const provider = pact()
      .given(...inSystem)
      .uponReceiving('a request for an instrument with its other system components')
      .withRequest({
        method: 'GET',
        path: equipmentPath(),
        query: { otherComponent: 'true' },
      })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            equipmentId: MatchersV3.fromProviderState('${equipmentId}', EXAMPLE_ID),
            serial: string('AG01071509'),
            mfg: string('Agilent'),
            model: string('1260 Infinity II'),
            systemId: string('SYS-PACT-1'),
            location: { locationId: integer(1), city: string('Boston') },
            machineGuarding: string('fixedGuard'),
            energyHazard: string('none'),
            locked: boolean(true),
            ehsLastChangedBy: string('Uma Standard'),
            systemComponents: eachLike(component),
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.detail({
        params: { id: EXAMPLE_ID },
        query: { otherComponent: true },
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: { equipmentId: EXAMPLE_ID, locked: true } });
    });
  });

  it('answers 10002 for an instrument the customer does not have', async () => {
    const provider = pact()
      .given(...inSystem)
      .uponReceiving('a request for an instrument that is not the customer’s')
      .withRequest({ method: 'GET', path: '/api/Equipment/2000000000' })
      .willRespondWith({
        status: 200,
        body: { errorCode: ErrorCode.EquipmentNotFound, errorMessage: string('No equipment 2000000000') },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.detail({ params: { id: 2_000_000_000 }, query: {} });
      expect(res.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
    });
  });

  it('pages the other components of the instrument’s system', async () => {
    const provider = pact()
      .given(...inSystem)
      .uponReceiving('a request for a page of the other components of an instrument’s system')
      .withRequest({
        method: 'GET',
        path: equipmentPath('/system/component'),
        query: { pageIndex: '0', pageSize: '10' },
      })
      .willRespondWith({
        status: 200,
        body: { errorCode: 0, result: { items: eachLike(component), totalCount: integer(2) } },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.systemComponents({
        params: { equipmentId: EXAMPLE_ID },
        query: { pageIndex: 0, pageSize: 10 },
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: { totalCount: 2 } });
    });
  });
});
