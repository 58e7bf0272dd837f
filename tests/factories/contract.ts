import type { Faker } from '@faker-js/faker';
import type { Insertable } from 'kysely';
import type { ContractsTable } from '../../api-mock/src/db/schema';
import { SERVICE_CONTRACT_TYPES, WARRANTY_CONTRACT_TYPES } from '../../contract/equipment';

type NewContract = Insertable<ContractsTable>;

const DAY_MS = 86_400_000;
/** The demo world's contracts were last changed before this day, so none reads as changed in the future. */
const LAST_CHANGE_BEFORE = Date.parse('2026-11-01T00:00:00Z');

/** A number from a contract's own number (FNV-1a): what the dates below vary by, without drawing from the faker. */
function numberOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/**
 * The dates a contract has besides its term, derived from what was drawn (its number, start and billing status)
 * rather than drawn themselves, so adding them did not move any other value of a seeded world: it was entered one
 * to nine weeks before it took effect, in office hours; one in three was never changed since, the others were changed
 * up to half a year later; a billed contract (billing status set) was billed in its first month.
 */
function derivedDates(
  contract: Pick<NewContract, 'vendor_contract_id' | 'effective_date' | 'billing_status' | 'created_time'>,
) {
  const n = numberOf(contract.vendor_contract_id);
  const start = Date.parse(`${contract.effective_date}T00:00:00Z`);
  const created = contract.created_time
    ? new Date(contract.created_time).getTime()
    : start - (7 + (n % 57)) * DAY_MS + (8 + ((n >>> 6) % 10)) * 3_600_000 + ((n >>> 10) % 60) * 60_000;
  const changed = created + (1 + ((n >>> 16) % 180)) * DAY_MS + ((n >>> 12) % 480) * 60_000;
  return {
    billing_date: contract.billing_status
      ? new Date(start + ((n >>> 4) % 30) * DAY_MS).toISOString().slice(0, 10)
      : null,
    created_time: new Date(created),
    last_updated_time: n % 3 === 0 || changed >= LAST_CHANGE_BEFORE ? null : new Date(changed),
  };
}

export function createContract(
  f: Faker,
  overrides: Pick<NewContract, 'customer_id'> & Partial<NewContract>,
): NewContract {
  const start = f.date.between({ from: '2022-01-01', to: '2026-10-01' });
  const end = new Date(start.getTime() + f.number.int({ min: 180, max: 1460 }) * DAY_MS);
  const warranty = f.datatype.boolean({ probability: 0.25 });
  const drawn = {
    vendor_contract_id: `C${f.string.numeric(9)}`,
    po_number: f.datatype.boolean({ probability: 0.7 }) ? `PO-${f.string.numeric(7)}` : null,
    contract_type: f.helpers.arrayElement(warranty ? WARRANTY_CONTRACT_TYPES : SERVICE_CONTRACT_TYPES),
    description: warranty ? 'Warranty' : f.helpers.arrayElement(['Platinum service', 'Gold service', 'Bronze service']),
    effective_date: start.toISOString().slice(0, 10),
    contract_expiry: end.toISOString().slice(0, 10),
    billing_status: f.helpers.arrayElement(['PAID', 'OPEN', null]),
    is_pe_contract: true,
    ...overrides,
  };
  return { ...derivedDates(drawn), ...drawn };
}
