import { readFileSync } from 'node:fs';
import path from 'node:path';
import dayjs from 'dayjs';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  EMPTY_VALUE,
  historyEventLabel,
  historyFieldLabel,
  historyValueText,
  type HistoryFields,
} from '../../web/src/components/history/historyValues';
import { RESERVATION_HISTORY_FIELDS } from '../../web/src/components/reservations/reservationHistoryFields';
import { equipmentHistoryFields } from '../../web/src/features/equipmentDetail/historyFields';
import { equipmentFieldLabelKey } from '../../web/src/components/equipmentForm/fieldLabels';
import { WORK_ORDER_HISTORY_FIELDS } from '../../web/src/features/workOrders/workOrderFields';
import { ROOT } from '../support/testServer';

const NAMESPACES = [
  'common',
  'history',
  'equipmentForm',
  'equipmentDetail',
  'productsManagement',
  'reservation',
  'workOrders',
];
const bundle = (language: string) =>
  Object.fromEntries(
    NAMESPACES.map((ns) => [
      ns,
      JSON.parse(readFileSync(path.join(ROOT, 'web/src/locales', language, `${ns}.json`), 'utf8')) as object,
    ]),
  );

let t: TFunction;
let tGerman: TFunction;
beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en-us',
    lowerCaseLng: true,
    fallbackLng: false,
    defaultNS: 'common',
    ns: NAMESPACES,
    resources: { 'en-us': bundle('en-us'), de: bundle('de') },
    interpolation: { escapeValue: false },
  });
  t = instance.getFixedT('en-us');
  tGerman = instance.getFixedT('de');
});

const LOCATIONS = [
  { locationId: 3, city: 'Boston', siteAddress: '1 Main Street', countryCode: 'US' },
  { locationId: 4, city: 'Basel', siteAddress: null, countryCode: 'CH' },
];
const EQUIPMENT = equipmentHistoryFields(equipmentFieldLabelKey, LOCATIONS);

describe('history values', () => {
  it('shows an empty side as a dash and a flag as Yes or No in the language of the page', () => {
    expect(historyValueText(t, undefined, 'comments', null)).toBe(EMPTY_VALUE);
    expect(historyValueText(t, undefined, 'comments', '')).toBe(EMPTY_VALUE);
    expect(historyValueText(t, undefined, 'whatever', true)).toBe('Yes');
    expect(historyValueText(t, undefined, 'whatever', false)).toBe('No');
    expect(historyValueText(tGerman, undefined, 'whatever', true)).toBe('Ja');
  });

  it('writes ISO date-times and dates as the rest of the app does, and other values as they are', () => {
    const instant = '2026-03-04T09:30:00.000Z';
    expect(historyValueText(t, undefined, 'startDate', instant)).toBe(dayjs(instant).format('lll'));
    expect(historyValueText(t, undefined, 'startDate', '2026-03-04T09:30:00+02:00')).toBe(
      dayjs('2026-03-04T09:30:00+02:00').format('lll'),
    );
    expect(historyValueText(t, undefined, 'day', '2026-03-04')).toBe(dayjs('2026-03-04').format('ll'));
    expect(historyValueText(t, undefined, 'count', 12)).toBe('12');
    expect(historyValueText(t, undefined, 'room', 'Lab 2026-03')).toBe('Lab 2026-03');
  });

  it("takes a screen's own wording of a value first, and a dash when it words it as nothing", () => {
    const fields: HistoryFields = {
      label: () => undefined,
      valueText: (_t, field, value) => (field === 'code' ? (value === 'x' ? 'Ex' : '') : undefined),
    };
    expect(historyValueText(t, fields, 'code', 'x')).toBe('Ex');
    expect(historyValueText(t, fields, 'code', 'none')).toBe(EMPTY_VALUE);
    expect(historyValueText(t, fields, 'other', true)).toBe('Yes');
  });

  it('names an event in words, and an event it does not know as a plain change', () => {
    expect(historyEventLabel(t, 'equipment.updated')).toBe('Instrument edited');
    expect(historyEventLabel(t, 'document.deletedPermanently')).toBe('Document deleted permanently');
    expect(historyEventLabel(tGerman, 'reservation.created')).toBe('Reservierung angelegt');
    expect(historyEventLabel(t, 'equipment.teleported')).toBe('Changed');
    expect(historyEventLabel(tGerman, 'something')).toBe('Geändert');
  });

  it('labels a field with the key itself when the screen does not know it', () => {
    expect(historyFieldLabel(t, undefined, 'mystery')).toBe('mystery');
    expect(historyFieldLabel(t, EQUIPMENT, 'mystery')).toBe('mystery');
  });
});

describe("an instrument's history fields", () => {
  it('are labelled as the inventory and the Instrument tab label them', () => {
    expect(historyFieldLabel(t, EQUIPMENT, 'serial')).toBe(t('equipmentForm:field_serial'));
    expect(historyFieldLabel(t, EQUIPMENT, 'location.city')).toBe(t('equipmentForm:field_location_city'));
    expect(historyFieldLabel(t, EQUIPMENT, 'machineGuarding')).toBe('Machine guarding');
    expect(historyFieldLabel(t, EQUIPMENT, 'energyHazard')).toBe('Energy hazards');
    expect(historyFieldLabel(t, EQUIPMENT, 'locked')).toBe(t('equipmentDetail:ehs_field_locked'));
    expect(historyFieldLabel(t, EQUIPMENT, 'locationId')).toBe('Location');
    expect(historyFieldLabel(t, EQUIPMENT, 'isHidden')).toBe('Hidden');
    expect(historyFieldLabel(tGerman, EQUIPMENT, 'serial')).toBe(tGerman('equipmentForm:field_serial'));
  });

  it('word codes, EHS picks and dates as the Instrument tab does', () => {
    expect(historyValueText(t, EQUIPMENT, 'classification', 'A')).toBe(t('equipmentForm:code_classification_A'));
    expect(historyValueText(t, EQUIPMENT, 'energyHazard', 'electrical, thermal')).toBe('Electrical, Thermal');
    expect(historyValueText(t, EQUIPMENT, 'energyHazard', 'electrical;thermal')).toBe('Electrical, Thermal');
    expect(historyValueText(t, EQUIPMENT, 'machineGuarding', 'none')).toBe(EMPTY_VALUE);
    expect(historyValueText(t, EQUIPMENT, 'instDate', '2020-05-01')).toBe(dayjs('2020-05-01').format('ll'));
    expect(historyValueText(t, EQUIPMENT, 'osGxpFlag', true)).toBe('Yes');
    expect(historyValueText(t, EQUIPMENT, 'locked', false)).toBe('No');
    expect(historyValueText(t, EQUIPMENT, 'serial', 'SN-1')).toBe('SN-1');
    expect(historyValueText(t, EQUIPMENT, 'isHidden', true)).toBe('Yes');
  });

  it('name a location as the location select does, and one the user cannot see by its number', () => {
    expect(historyValueText(t, EQUIPMENT, 'locationId', 3)).toBe('Boston – 1 Main Street');
    expect(historyValueText(t, EQUIPMENT, 'locationId', 4)).toBe('Basel');
    expect(historyValueText(t, EQUIPMENT, 'locationId', 99)).toBe('99');
  });
});

describe('reservation and work-order history fields', () => {
  it("label a reservation's fields as the reservation dialog does", () => {
    expect(historyFieldLabel(t, RESERVATION_HISTORY_FIELDS, 'startDate')).toBe('Start');
    expect(historyFieldLabel(t, RESERVATION_HISTORY_FIELDS, 'endDate')).toBe('End');
    expect(historyFieldLabel(t, RESERVATION_HISTORY_FIELDS, 'comments')).toBe('Comments');
    expect(historyFieldLabel(t, RESERVATION_HISTORY_FIELDS, 'equipmentId')).toBe('Instrument');
    expect(historyFieldLabel(t, RESERVATION_HISTORY_FIELDS, 'toString')).toBe('toString');
  });

  it("label and word a work order's fields as the grid does, and leave other fields to the generic rules", () => {
    expect(historyFieldLabel(t, WORK_ORDER_HISTORY_FIELDS, 'callStatus')).toBe(t('workOrders:field_callStatus'));
    expect(historyFieldLabel(t, WORK_ORDER_HISTORY_FIELDS, 'fileName')).toBe('fileName');
    const received = '2026-01-02T08:00:00Z';
    expect(historyValueText(t, WORK_ORDER_HISTORY_FIELDS, 'dateTimeCallReceived', received)).toBe(
      dayjs(received).format('lll'),
    );
    expect(historyValueText(t, WORK_ORDER_HISTORY_FIELDS, 'uploadedOn', received)).toBe(dayjs(received).format('lll'));
  });
});
