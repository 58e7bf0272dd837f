import type { Faker } from '@faker-js/faker';
import type { Insertable } from 'kysely';
import type { EquipmentTable } from '../../api-mock/src/db/schema';
import { EQUIPMENT_CODES, USER_ADDED_DATA_SOURCE_ID } from '../../contract/equipment';

/** Data source of equipment a user added by hand (spec 2: a special value marks user-added equipment). */
export const USER_ADDED_SOURCE = USER_ADDED_DATA_SOURCE_ID;
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
  const contact = f.person.fullName().slice(0, 80);
  const manager = f.person.fullName().slice(0, 80);
  const emailOf = (name: string) => `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@lab.example`;
  const year = f.number.int({ min: 2008, max: 2026 });
  const isComputer = f.datatype.boolean({ probability: 0.6 });
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
    pki_tag: `INV-${f.string.numeric(6)}`,
    asset_id: f.datatype.boolean({ probability: 0.5 }) ? `AS${f.string.numeric(7)}` : null,
    cost_center: `CC-${f.string.numeric(4)}`,
    contact_name: contact,
    contact_phone: f.phone.number({ style: 'international' }).slice(0, 40),
    contact_email: emailOf(contact),
    contact_mgr_name: manager,
    contact_mgr_phone: f.phone.number({ style: 'international' }).slice(0, 40),
    contact_mgr_email: emailOf(manager),
    equip_constr_year: year,
    equip_constr_month: f.number.int({ min: 1, max: 12 }),
    equip_start_up_date: `${Math.min(year + 1, 2026)}-0${f.number.int({ min: 1, max: 9 })}-15`,
    classification: f.helpers.arrayElement(EQUIPMENT_CODES.classification),
    priority_d: f.helpers.arrayElement(EQUIPMENT_CODES.priority),
    os_gxp_flag: f.datatype.boolean({ probability: 0.4 }),
    is_computer: isComputer,
    pc_connectivity: isComputer ? f.helpers.arrayElement(EQUIPMENT_CODES.pcConnectivity) : null,
    os: isComputer ? f.helpers.arrayElement(['Windows 10', 'Windows 11', 'Linux']) : null,
    main_component: !hasSystem || f.datatype.boolean({ probability: 0.3 }),
    ...overrides,
  };
}
