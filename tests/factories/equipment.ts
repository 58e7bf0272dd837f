import type { Faker } from '@faker-js/faker';
import type { Insertable } from 'kysely';
import type { EquipmentTable } from '../../api-mock/src/db/schema';

/** Data source of equipment a user added by hand (spec 2: a special value marks user-added equipment). */
export const USER_ADDED_SOURCE = 9;
export const PROVIDER_SOURCE = 1;

const CATALOGUE = [
  { mfg: 'PerkinElmer', model: 'LAMBDA 365', dtype: 'UV/Vis Spectrometer' },
  { mfg: 'PerkinElmer', model: 'Clarus 690', dtype: 'Gas Chromatograph' },
  { mfg: 'PerkinElmer', model: 'Avio 550 Max', dtype: 'ICP-OES' },
  { mfg: 'PerkinElmer', model: 'Spectrum Two', dtype: 'FT-IR Spectrometer' },
  { mfg: 'PerkinElmer', model: 'NexION 2200', dtype: 'ICP-MS' },
  { mfg: 'Agilent', model: '1260 Infinity II', dtype: 'HPLC' },
  { mfg: 'Agilent', model: '7890B', dtype: 'Gas Chromatograph' },
  { mfg: 'Waters', model: 'ACQUITY UPLC H-Class', dtype: 'UPLC' },
  { mfg: 'Thermo Fisher', model: 'Orbitrap Exploris 240', dtype: 'Mass Spectrometer' },
  { mfg: 'Shimadzu', model: 'LC-2050', dtype: 'HPLC' },
  { mfg: 'Mettler Toledo', model: 'XPR205', dtype: 'Analytical Balance' },
  { mfg: 'Eppendorf', model: '5910 Ri', dtype: 'Centrifuge' },
  { mfg: 'Bruker', model: 'Avance NEO 400', dtype: 'NMR Spectrometer' },
  { mfg: 'Sartorius', model: 'Cubis II', dtype: 'Balance' },
];

type NewEquipment = Insertable<EquipmentTable>;

export function createEquipment(
  f: Faker,
  overrides: Pick<NewEquipment, 'customer_id' | 'location_id'> & Partial<NewEquipment>,
): NewEquipment {
  const item = f.helpers.arrayElement(CATALOGUE);
  const hasSystem = f.datatype.boolean({ probability: 0.3 });
  return {
    mfg: item.mfg,
    model: item.model,
    dtype: item.dtype,
    serial: `${item.mfg.slice(0, 2).toUpperCase()}${f.string.numeric(8)}`,
    system_id: hasSystem ? `SYS-${f.string.numeric(6)}` : null,
    system_nick_name: hasSystem ? `${f.word.adjective()} ${f.word.noun()}`.slice(0, 30) : null,
    building: `Building ${f.helpers.arrayElement(['A', 'B', 'C', 'D'])}`,
    floor: String(f.number.int({ min: 0, max: 6 })),
    room: `${f.number.int({ min: 100, max: 699 })}`,
    department: f.helpers.arrayElement(['QC', 'R&D', 'Analytical Services', 'Process Development', 'Stability']),
    inst_date: f.date.past({ years: 12, refDate: '2026-06-01' }).toISOString().slice(0, 10),
    status: f.helpers.arrayElement(['ACTIVE', 'INACTIVE']),
    data_source_id: PROVIDER_SOURCE,
    created_by: null,
    ...overrides,
  };
}
