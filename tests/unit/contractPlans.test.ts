import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ADDITIONAL_GROUP,
  ADDITIONAL_PLANS,
  planKeys,
  RECOMMENDED_GROUP,
  RECOMMENDED_PLANS,
  TIP_COUNT,
} from '../../web/src/components/contractPlans/plans';
import { ROOT } from '../support/testServer';

const LANGUAGES = ['en-us', 'zh-cn', 'zh-tw', 'de', 'fr', 'it', 'ja', 'pt', 'es'];
const texts = (lang: string) =>
  JSON.parse(readFileSync(path.join(ROOT, 'web/src/locales', lang, 'contractPlans.json'), 'utf8')) as Record<
    string,
    string
  >;
const english = texts('en-us');
const en = (key: string | false) => (key === false ? false : english[key]);

/** The fields spec 3 section 3 marks "(boolean)": included or not, shown as an icon. */
const RECOMMENDED_BOOLEANS = [
  'repairServiceParts',
  'traveltoYourLocation',
  'softwareUpdates',
  'assignedAccountManager',
];

describe('contract plans', () => {
  it('has the plans and fields of the spec, in its order', () => {
    expect(Object.keys(RECOMMENDED_PLANS)).toEqual(['platinum', 'gold', 'bronze']);
    expect(Object.keys(ADDITIONAL_PLANS)).toEqual(['fundamentalPlan', 'preventiveMaintenancePlan', 'remotePlusPlan']);
    expect(Object.keys(RECOMMENDED_PLANS.gold)).toEqual([
      'title',
      'desc',
      'responseTime',
      'emergencyBreakDownVisits',
      ...RECOMMENDED_BOOLEANS.slice(0, 2),
      'preventiveMaintenanceVisits',
      'recommendTechnicalAndRemoteSupport',
      'softwareUpdates',
      'operationalQualificationServicesDiscount',
      'hardwareAndSoftwareUpgradesDiscount',
      'assignedAccountManager',
      'discountOnTraining',
    ]);
    expect(Object.keys(ADDITIONAL_PLANS.remotePlusPlan)).toEqual([
      'title',
      'tableTitle',
      'desc',
      'responseTime',
      'emergencyBreakDownVisits',
      'repairServiceParts',
      'traveltoYourLocation',
      'preventiveMaintenanceVisits',
      'technicalAndRemoteSupport',
      'softwareUpdates',
      'discountOnBillableService',
      'operationalQualificationServicesDiscount',
      'hardwareAndSoftwareUpgradesDiscount',
      'assignedAccountManager',
      'discountOnTraining',
    ]);
  });

  it('uses booleans only where the spec says boolean; elsewhere a text, or false for not included', () => {
    for (const plan of Object.values(RECOMMENDED_PLANS))
      for (const [field, value] of Object.entries(plan)) {
        if (RECOMMENDED_BOOLEANS.includes(field)) expect(typeof value, field).toBe('boolean');
        else expect(value === false || typeof value === 'string', field).toBe(true);
      }
    for (const plan of Object.values(ADDITIONAL_PLANS))
      for (const [field, value] of Object.entries(plan))
        expect(value === false || typeof value === 'string', field).toBe(true);
  });

  it('says what the spec table says about each plan', () => {
    const { platinum, gold, bronze } = RECOMMENDED_PLANS;
    expect(en(platinum.responseTime)).toBe('Remote response within 4 hours');
    expect(en(gold.responseTime)).toBe('On-site within 3 business days');
    expect(en(bronze.preventiveMaintenanceVisits)).toBe(false);
    expect(en(bronze.operationalQualificationServicesDiscount)).toBe(false);
    expect([platinum, gold, bronze].map((p) => p.assignedAccountManager)).toEqual([true, false, false]);
    expect([platinum, gold, bronze].map((p) => en(p.discountOnTraining))).toEqual(['20% off', '15% off', '10% off']);
    const additional = Object.values(ADDITIONAL_PLANS);
    // Fundamental, preventive maintenance and remote plus each give 10 percent off billable service.
    expect(additional.map((p) => en(p.discountOnBillableService))).toEqual(['10% off', '10% off', '10% off']);
    expect(additional.map((p) => en(p.discountOnTraining))).toEqual(['5% off', '5% off', '5% off']);
    expect(additional.map((p) => p.assignedAccountManager)).toEqual([false, false, false]);
    expect(en(ADDITIONAL_PLANS.remotePlusPlan.traveltoYourLocation)).toBe(false);
    expect(en(ADDITIONAL_PLANS.preventiveMaintenancePlan.traveltoYourLocation)).toBe('Included');
  });

  it('has nine tips per group, and every footnote points at one of them', () => {
    expect(TIP_COUNT).toBe(9);
    for (const group of [RECOMMENDED_GROUP, ADDITIONAL_GROUP]) {
      expect(group.tips).toHaveLength(9);
      const referenced = [
        ...group.rows.flatMap((row) => (row.tip ? [row.tip] : [])),
        ...Object.values(group.starred).flatMap((stars) => Object.values(stars ?? {}) as number[]),
      ];
      expect(Math.max(...referenced)).toBeLessThanOrEqual(9);
    }
    // The starred entry of the spec: remote plus's preventive maintenance is explained by a tip.
    expect(ADDITIONAL_GROUP.starred.remotePlusPlan?.preventiveMaintenanceVisits).toBeDefined();
  });

  it('compares every field of a plan except its names and description', () => {
    const compared = (fields: readonly { field: string }[]) => fields.map((r) => r.field).sort();
    const fieldsOf = (plan: object) =>
      Object.keys(plan)
        .filter((f) => !['title', 'tableTitle', 'desc'].includes(f))
        .sort();
    expect(compared(RECOMMENDED_GROUP.rows)).toEqual(fieldsOf(RECOMMENDED_PLANS.platinum));
    expect(compared(ADDITIONAL_GROUP.rows)).toEqual(fieldsOf(ADDITIONAL_PLANS.fundamentalPlan));
  });

  for (const lang of LANGUAGES) {
    it(`${lang} has a text for every key the plans use`, () => {
      const translated = texts(lang);
      for (const key of planKeys()) expect(translated[key]?.trim(), `${lang}:${key}`).toBeTruthy();
    });
  }

  for (const lang of LANGUAGES.filter((l) => l !== 'en-us')) {
    it(`${lang} really translates the plan descriptions and tips`, () => {
      const translated = texts(lang);
      const plans = [...Object.values(RECOMMENDED_PLANS), ...Object.values(ADDITIONAL_PLANS)];
      for (const key of [...plans.map((p) => p.desc), ...RECOMMENDED_GROUP.tips, ...ADDITIONAL_GROUP.tips])
        expect(translated[key], `${lang}:${key}`).not.toBe(english[key]);
    });
  }
});
