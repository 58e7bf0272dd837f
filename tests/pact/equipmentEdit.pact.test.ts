import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import type { EquipmentEdit, EquipmentInput } from '../../contract/equipment';
import { ErrorCode } from '../../contract/errors';
import {
  boolean,
  changingHeaders,
  eachLike,
  errorBody,
  integer,
  like,
  nullValue,
  pact,
  pactClient,
  string,
  failureOf,
} from './support';

/**
 * The provider state 'equipment the user may edit' signs the user in and returns: userAddedId (equipment the user
 * added, on their list, without contract), providerEquipmentId (provider equipment on the user's list),
 * unlinkedEquipmentId (equipment of the customer not on the list), foreignEquipmentId (equipment of another
 * customer), locationId (a location of the customer) and contractNumber (a contract of the customer with equipment).
 */
const EXAMPLE = {
  userAddedId: 4001,
  providerEquipmentId: 12,
  unlinkedEquipmentId: 40,
  foreignEquipmentId: 2101,
  locationId: 1,
  contractNumber: 'C000123456',
};
type StateValue = keyof typeof EXAMPLE;

const editable = (email = 'user@acme-labs.example') => ['equipment the user may edit', { email }] as const;
const fromState = <K extends StateValue>(key: K) => MatchersV3.fromProviderState(`\${${key}}`, EXAMPLE[key]);
const deleteHeaders = { 'x-xsrf-token': changingHeaders['x-xsrf-token'] };

/** Fields of an equipment answer the add/edit form and the grid rely on. */
const equipmentAnswer = (fields: Record<string, unknown>) => ({
  equipmentId: integer(EXAMPLE.userAddedId),
  dataSourceId: integer(99),
  createdBy: integer(1),
  isMine: boolean(true),
  isNew: boolean(false),
  documentCount: integer(0),
  changedByCust: string('Uma Standard'),
  changedOnCust: string('2026-05-04T10:00:00.000Z'),
  location: like({ locationId: integer(1), city: string('Boston'), siteAddress: string('100 Summer St') }),
  ...fields,
});

const newEquipment: EquipmentInput = {
  locationId: EXAMPLE.locationId,
  mfg: 'PerkinElmer',
  model: 'Clarus 590',
  serial: 'PE-590-0042',
  vendorName: 'PerkinElmer',
  contactName: 'Pat Primary',
  contactPhone: '+1 (617) 555-0101',
  contactEmail: 'pat.primary@acme-labs.example',
  equipConstrYear: 2021,
  equipConstrMonth: 6,
  classification: 'B',
  contract: {
    contractId: 'VC-PACT-1',
    effectiveDate: '2026-01-01',
    contractExpiry: '2027-12-31',
    contractType: 'ZCSA',
    poNumber: 'PO-7',
  },
};

describe('equipment add, edit, link and delete (consumer)', () => {
  it('adds user-added equipment with a vendor contract', async () => {
    const provider = pact()
      .given(...editable())
      .uponReceiving('a new user-added equipment with a vendor contract')
      .withRequest({
        method: 'POST',
        path: '/api/Equipment',
        headers: changingHeaders,
        body: { ...newEquipment, locationId: fromState('locationId') },
      })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: equipmentAnswer({
            mfg: 'PerkinElmer',
            model: 'Clarus 590',
            serial: 'PE-590-0042',
            vendorName: 'PerkinElmer',
            contactPhone: '+1 (617) 555-0101',
            instrumentAge: integer(58),
            contractInfoHistory: [
              {
                contractId: 'VC-PACT-1',
                vendorContractId: 'VC-PACT-1',
                effectiveDate: '2026-01-01',
                contractExpiry: '2027-12-31',
                contractType: 'ZCSA',
                poNumber: 'PO-7',
                isVendor: true,
              },
            ],
          }),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.create({ body: newEquipment });
      expect(res.body).toMatchObject({ errorCode: 0, result: { mfg: 'PerkinElmer', dataSourceId: 99 } });
    });
  });

  it('is refused adding equipment with an invalid phone (400 with the issue)', async () => {
    const body = { ...newEquipment, contactPhone: 'call me', contract: null };
    const provider = pact()
      .given(...editable())
      .uponReceiving('a new equipment with an invalid primary user phone')
      .withRequest({ method: 'POST', path: '/api/Equipment', headers: changingHeaders, body })
      .willRespondWith({
        status: 400,
        body: {
          errorCode: 400,
          errorMessage: string('Request validation failed'),
          issues: [{ path: ['contactPhone'], message: 'phone', code: string('invalid_string') }],
        },
      });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).equipment.create({ body }));
      expect(error).toMatchObject({ kind: 'http', status: 400 });
    });
  });

  it('is refused adding equipment when adding products is disabled for the customer', async () => {
    const body = { ...newEquipment, contract: null };
    const provider = pact()
      .given(...editable())
      .given('adding products is disabled for the customer', { email: 'user@acme-labs.example' })
      .uponReceiving('a new equipment while adding products is disabled')
      .withRequest({
        method: 'POST',
        path: '/api/Equipment',
        headers: changingHeaders,
        body: { ...body, locationId: fromState('locationId') },
      })
      .willRespondWith({ status: 403, body: errorBody(403) });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).equipment.create({ body }));
      expect(error).toMatchObject({ kind: 'http', status: 403 });
    });
  });

  it('saves the edited user-added equipment, removing its contract info', async () => {
    const body: EquipmentEdit = {
      equipmentId: EXAMPLE.userAddedId,
      locationId: EXAMPLE.locationId,
      mfg: 'Agilent',
      model: '7890B',
      room: '204',
      contactMgrEmail: 'lab.manager@acme-labs.example',
      contract: null,
    };
    const provider = pact()
      .given(...editable())
      .uponReceiving('an edited user-added equipment without contract info')
      .withRequest({
        method: 'PUT',
        path: '/api/Equipment',
        headers: changingHeaders,
        body: { ...body, equipmentId: fromState('userAddedId'), locationId: fromState('locationId') },
      })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: equipmentAnswer({
            mfg: 'Agilent',
            model: '7890B',
            room: '204',
            contactMgrEmail: 'lab.manager@acme-labs.example',
            contractInfoHistory: [],
          }),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.update({ body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { room: '204' } });
    });
  });

  it("answers 10002 to an edit of another customer's equipment", async () => {
    const body: EquipmentEdit = {
      equipmentId: EXAMPLE.foreignEquipmentId,
      locationId: EXAMPLE.locationId,
      mfg: 'Agilent',
      model: '7890B',
    };
    const provider = pact()
      .given(...editable())
      .uponReceiving("an edit of another customer's equipment")
      .withRequest({
        method: 'PUT',
        path: '/api/Equipment',
        headers: changingHeaders,
        body: { ...body, equipmentId: fromState('foreignEquipmentId'), locationId: fromState('locationId') },
      })
      .willRespondWith({ status: 200, body: errorBody(ErrorCode.EquipmentNotFound) });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).equipment.update({ body }));
      expect(error).toMatchObject({ kind: 'api', errorCode: ErrorCode.EquipmentNotFound });
    });
  });

  it('deletes equipment the user added', async () => {
    const provider = pact()
      .given(...editable())
      .uponReceiving('a deletion of equipment the user added')
      .withRequest({
        method: 'DELETE',
        path: MatchersV3.fromProviderState('/api/Equipment/${userAddedId}', `/api/Equipment/${EXAMPLE.userAddedId}`),
        headers: deleteHeaders,
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: { deleted: true } } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.remove({ params: { id: EXAMPLE.userAddedId } });
      expect(res.body).toEqual({ errorCode: 0, result: { deleted: true } });
    });
  });

  it("only removes provider equipment from the user's list", async () => {
    const provider = pact()
      .given(...editable())
      .uponReceiving('a removal of provider equipment from the user list')
      .withRequest({
        method: 'DELETE',
        path: MatchersV3.fromProviderState(
          '/api/Equipment/${providerEquipmentId}',
          `/api/Equipment/${EXAMPLE.providerEquipmentId}`,
        ),
        headers: deleteHeaders,
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: { deleted: false } } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.remove({ params: { id: EXAMPLE.providerEquipmentId } });
      expect(res.body).toEqual({ errorCode: 0, result: { deleted: false } });
    });
  });

  it("answers 10002 to a deletion of another customer's equipment", async () => {
    const provider = pact()
      .given(...editable())
      .uponReceiving("a deletion of another customer's equipment")
      .withRequest({
        method: 'DELETE',
        path: MatchersV3.fromProviderState(
          '/api/Equipment/${foreignEquipmentId}',
          `/api/Equipment/${EXAMPLE.foreignEquipmentId}`,
        ),
        headers: deleteHeaders,
      })
      .willRespondWith({ status: 200, body: errorBody(ErrorCode.EquipmentNotFound) });
    await provider.executeTest(async (server) => {
      const error = await failureOf(
        pactClient(server.url).equipment.remove({ params: { id: EXAMPLE.foreignEquipmentId } }),
      );
      expect(error).toMatchObject({ kind: 'api', errorCode: ErrorCode.EquipmentNotFound });
    });
  });

  it('lists every location of the customer with its equipment for linking', async () => {
    const provider = pact()
      .given(...editable())
      .uponReceiving('a request for every location with its equipment')
      .withRequest({ method: 'GET', path: '/api/Equipment/list/all' })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            hasLinkedEquipment: boolean(true),
            locations: eachLike({
              locationId: integer(1),
              city: string('Boston'),
              equipmentCount: integer(1),
              equipment: eachLike({
                equipmentId: integer(12),
                mfg: string('PerkinElmer'),
                model: string('LAMBDA 365'),
                isMine: boolean(true),
                isNew: boolean(false),
              }),
            }),
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.listAll({ query: {} });
      expect(res.body).toMatchObject({ errorCode: 0, result: { hasLinkedEquipment: true } });
    });
  });

  it("searches one location's equipment on the server", async () => {
    const provider = pact()
      .given(...editable())
      .uponReceiving('a search of the equipment of one location')
      .withRequest({
        method: 'GET',
        path: '/api/Equipment/list/all',
        query: {
          locationId: MatchersV3.fromProviderState('${locationId}', String(EXAMPLE.locationId)),
          keyword: 'agilent 1260',
        },
      })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            hasLinkedEquipment: boolean(true),
            locations: [
              {
                locationId: fromState('locationId'),
                city: string('Boston'),
                equipmentCount: integer(1),
                equipment: eachLike({
                  equipmentId: integer(EXAMPLE.userAddedId),
                  mfg: string('Agilent'),
                  model: string('1260 Infinity II'),
                  isMine: boolean(true),
                }),
              },
            ],
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.listAll({
        query: { locationId: EXAMPLE.locationId, keyword: 'agilent 1260' },
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: { locations: [{ equipmentCount: 1 }] } });
    });
  });

  it('lists the ids of newly available equipment', async () => {
    const provider = pact()
      .given(...editable())
      .uponReceiving('a request for the newly available equipment')
      .withRequest({ method: 'GET', path: '/api/Equipment/list/new' })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: eachLike(integer(40)) } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.listNew({ query: {} });
      expect(res.body).toMatchObject({ errorCode: 0, result: [40] });
    });
  });

  it("links equipment to the user's list", async () => {
    const provider = pact()
      .given(...editable())
      .uponReceiving('a link of equipment to the user list')
      .withRequest({
        method: 'PUT',
        path: '/api/Equipment/List',
        headers: changingHeaders,
        body: [fromState('unlinkedEquipmentId')],
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: nullValue() } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.link({ body: [EXAMPLE.unlinkedEquipmentId] });
      expect(res.body).toEqual({ errorCode: 0, result: null });
    });
  });

  it('finds contracts of the customer by keyword', async () => {
    const provider = pact()
      .given(...editable())
      .uponReceiving('a contract search by keyword')
      .withRequest({ method: 'GET', path: '/api/Equipment/contracts', query: { keyword: 'C', count: '100' } })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: eachLike({
            contractId: string('C000123456'),
            effectiveDate: string('2025-01-01'),
            contractExpiry: string('2027-01-01'),
            contractType: string('ZCSA'),
            isVendor: boolean(false),
          }),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.contracts({ query: { keyword: 'C', count: 100 } });
      expect(res.body).toMatchObject({ errorCode: 0, result: [{ contractType: 'ZCSA' }] });
    });
  });

  it('counts the equipment under a contract', async () => {
    const provider = pact()
      .given(...editable())
      .uponReceiving('a request for the equipment count of a contract')
      .withRequest({
        method: 'GET',
        path: MatchersV3.fromProviderState(
          '/api/Equipment/contract/${contractNumber}/equipmentcount',
          `/api/Equipment/contract/${EXAMPLE.contractNumber}/equipmentcount`,
        ),
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: { totalCount: integer(3) } } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.contractEquipmentCount({
        params: { contractId: EXAMPLE.contractNumber },
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: { totalCount: 3 } });
    });
  });
});
