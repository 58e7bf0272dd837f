import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { ErrorCode } from '../../contract/errors';
import { boolean, changingHeaders, eachLike, integer, pact, pactClient, string, failureOf } from './support';

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
      const error = await failureOf(
        pactClient(server.url).equipment.detail({ params: { id: 2_000_000_000 }, query: {} }),
      );
      expect(error).toMatchObject({ kind: 'api', errorCode: ErrorCode.EquipmentNotFound });
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

  it('saves the EHS data of an instrument as a manager', async () => {
    const body = {
      equipmentId: EXAMPLE_ID,
      machineGuarding: 'interlockedGuard',
      energyHazard: 'electrical;pneumatic',
      lockTagOut: 'none',
      chemicalHazards: 'na',
      biosafetyHazards: 'bsl2',
      radiologicalHazards: 'none',
      locked: false,
    };
    const provider = pact()
      .given('an instrument in a system exists', { email: 'manager@acme-labs.example' })
      .uponReceiving('an edit of the EHS data of an instrument')
      .withRequest({
        method: 'PUT',
        path: equipmentPath('/ehs'),
        headers: changingHeaders,
        body: { ...body, equipmentId: MatchersV3.fromProviderState('${equipmentId}', EXAMPLE_ID) },
      })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            machineGuarding: 'interlockedGuard',
            energyHazard: 'electrical;pneumatic',
            chemicalHazards: 'na',
            locked: false,
            ehsLastChangedBy: string('Max Manager'),
            ehsLastChangedOn: string('2026-11-25T20:15:00.000Z'),
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.updateEhs({ params: { equipmentId: EXAMPLE_ID }, body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { machineGuarding: 'interlockedGuard' } });
    });
  });

  it('sends a request to the contract team about an instrument', async () => {
    const body = {
      equipmentId: EXAMPLE_ID,
      userName: 'Mark Manager',
      firstName: 'Mark',
      lastName: 'Manager',
      emailAddress: 'manager@acme-labs.example',
      telephone: '+1 617 555 0100',
      contactMethod: 2 as const,
      comments: 'Please quote a Gold plan.',
      interestedIn: 'Gold',
    };
    const provider = pact()
      .given('an instrument in a system exists', { email: 'manager@acme-labs.example' })
      .uponReceiving('a request to the contract team about an instrument')
      .withRequest({
        method: 'POST',
        path: '/api/Equipment/Contract/Request',
        headers: changingHeaders,
        body: { ...body, equipmentId: MatchersV3.fromProviderState('${equipmentId}', EXAMPLE_ID) },
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: null } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.requestContract({ body });
      expect(res.body).toMatchObject({ errorCode: 0 });
    });
  });
});
