import type { Faker } from '@faker-js/faker';
import type { Insertable } from 'kysely';
import type { ContractsTable } from '../../api-mock/src/db/schema';

export const WARRANTY_CODES = ['ZCEW', 'ZW01'] as const;
export const SERVICE_CODES = ['ZCEG', 'ZCIC', 'ZCRR', 'ZCSA', 'ZCSI', 'ZCSS', 'ZCTR', 'ZOSC', 'ZRTA'] as const;

type NewContract = Insertable<ContractsTable>;

export function createContract(
  f: Faker,
  overrides: Pick<NewContract, 'customer_id'> & Partial<NewContract>,
): NewContract {
  const start = f.date.between({ from: '2022-01-01', to: '2026-10-01' });
  const end = new Date(start.getTime() + f.number.int({ min: 180, max: 1460 }) * 86_400_000);
  const warranty = f.datatype.boolean({ probability: 0.25 });
  return {
    vendor_contract_id: `C${f.string.numeric(9)}`,
    po_number: f.datatype.boolean({ probability: 0.7 }) ? `PO-${f.string.numeric(7)}` : null,
    contract_type: f.helpers.arrayElement(warranty ? WARRANTY_CODES : SERVICE_CODES),
    description: warranty ? 'Warranty' : f.helpers.arrayElement(['Platinum service', 'Gold service', 'Bronze service']),
    effective_date: start.toISOString().slice(0, 10),
    contract_expiry: end.toISOString().slice(0, 10),
    billing_status: f.helpers.arrayElement(['PAID', 'OPEN', null]),
    is_pe_contract: true,
    ...overrides,
  };
}
