/**
 * The service plans as the spec describes them (spec 3 sections 2 and 3, "Plan contents"). Every text is a key of the
 * contractPlans namespace; `false` means the plan does not include it.
 */

/** A translation key, or false for "not included". */
export type PlanEntry = string | false;

export interface RecommendedPlan {
  title: string;
  desc: string;
  responseTime: PlanEntry;
  emergencyBreakDownVisits: PlanEntry;
  repairServiceParts: boolean;
  traveltoYourLocation: boolean;
  preventiveMaintenanceVisits: PlanEntry;
  recommendTechnicalAndRemoteSupport: PlanEntry;
  softwareUpdates: boolean;
  operationalQualificationServicesDiscount: PlanEntry;
  hardwareAndSoftwareUpgradesDiscount: PlanEntry;
  assignedAccountManager: boolean;
  discountOnTraining: PlanEntry;
}

export interface AdditionalPlan {
  title: string;
  tableTitle: string;
  desc: string;
  responseTime: PlanEntry;
  emergencyBreakDownVisits: PlanEntry;
  repairServiceParts: PlanEntry;
  traveltoYourLocation: PlanEntry;
  preventiveMaintenanceVisits: PlanEntry;
  technicalAndRemoteSupport: PlanEntry;
  softwareUpdates: PlanEntry;
  discountOnBillableService: PlanEntry;
  operationalQualificationServicesDiscount: PlanEntry;
  hardwareAndSoftwareUpgradesDiscount: PlanEntry;
  assignedAccountManager: PlanEntry;
  discountOnTraining: PlanEntry;
}

export type RecommendedPlanId = 'platinum' | 'gold' | 'bronze';
export type AdditionalPlanId = 'fundamentalPlan' | 'preventiveMaintenancePlan' | 'remotePlusPlan';

export const RECOMMENDED_PLANS: Record<RecommendedPlanId, RecommendedPlan> = {
  platinum: {
    title: 'platinum_title',
    desc: 'platinum_desc',
    responseTime: 'value_remote_4_hours',
    emergencyBreakDownVisits: 'value_unlimited',
    repairServiceParts: true,
    traveltoYourLocation: true,
    preventiveMaintenanceVisits: 'value_pm_1_or_2',
    recommendTechnicalAndRemoteSupport: 'value_extended_hours',
    softwareUpdates: true,
    operationalQualificationServicesDiscount: 'value_oq_pass',
    hardwareAndSoftwareUpgradesDiscount: 'value_upgrade_installation_included',
    assignedAccountManager: true,
    discountOnTraining: 'value_20_off',
  },
  gold: {
    title: 'gold_title',
    desc: 'gold_desc',
    responseTime: 'value_onsite_3_days',
    emergencyBreakDownVisits: 'value_unlimited',
    repairServiceParts: true,
    traveltoYourLocation: true,
    preventiveMaintenanceVisits: 'value_pm_1_or_2',
    recommendTechnicalAndRemoteSupport: 'value_regular_hours',
    softwareUpdates: true,
    operationalQualificationServicesDiscount: 'value_10_off',
    hardwareAndSoftwareUpgradesDiscount: 'value_15_off',
    assignedAccountManager: false,
    discountOnTraining: 'value_15_off',
  },
  bronze: {
    title: 'bronze_title',
    desc: 'bronze_desc',
    responseTime: 'value_onsite_3_to_5_days',
    emergencyBreakDownVisits: 'value_unlimited',
    repairServiceParts: true,
    traveltoYourLocation: true,
    preventiveMaintenanceVisits: false,
    recommendTechnicalAndRemoteSupport: 'value_regular_hours',
    softwareUpdates: true,
    operationalQualificationServicesDiscount: false,
    hardwareAndSoftwareUpgradesDiscount: 'value_10_off',
    assignedAccountManager: false,
    discountOnTraining: 'value_10_off',
  },
};

export const ADDITIONAL_PLANS: Record<AdditionalPlanId, AdditionalPlan> = {
  fundamentalPlan: {
    title: 'fundamental_title',
    tableTitle: 'fundamental_table_title',
    desc: 'fundamental_desc',
    responseTime: 'value_onsite_3_to_5_days',
    emergencyBreakDownVisits: 'value_one_repair_visit',
    repairServiceParts: 'value_parts_with_repair_visit',
    traveltoYourLocation: 'value_included',
    preventiveMaintenanceVisits: 'value_pm_1',
    technicalAndRemoteSupport: 'value_regular_hours',
    softwareUpdates: 'value_included',
    discountOnBillableService: 'value_10_off',
    operationalQualificationServicesDiscount: 'value_optional',
    hardwareAndSoftwareUpgradesDiscount: false,
    assignedAccountManager: false,
    discountOnTraining: 'value_5_off',
  },
  preventiveMaintenancePlan: {
    title: 'pm_title',
    tableTitle: 'pm_table_title',
    desc: 'pm_desc',
    responseTime: false,
    emergencyBreakDownVisits: false,
    repairServiceParts: false,
    traveltoYourLocation: 'value_included',
    preventiveMaintenanceVisits: 'value_pm_1_or_2',
    technicalAndRemoteSupport: 'value_regular_hours',
    softwareUpdates: 'value_with_pm',
    discountOnBillableService: 'value_10_off',
    operationalQualificationServicesDiscount: 'value_optional',
    hardwareAndSoftwareUpgradesDiscount: false,
    assignedAccountManager: false,
    discountOnTraining: 'value_5_off',
  },
  remotePlusPlan: {
    title: 'remote_plus_title',
    tableTitle: 'remote_plus_table_title',
    desc: 'remote_plus_desc',
    responseTime: false,
    emergencyBreakDownVisits: false,
    repairServiceParts: false,
    traveltoYourLocation: false,
    preventiveMaintenanceVisits: 'value_remote_checkups',
    technicalAndRemoteSupport: 'value_regular_hours_remote',
    softwareUpdates: false,
    discountOnBillableService: 'value_10_off',
    operationalQualificationServicesDiscount: false,
    hardwareAndSoftwareUpgradesDiscount: false,
    assignedAccountManager: false,
    discountOnTraining: 'value_5_off',
  },
};

/** Spec 3 section 5: nine tips per plan group. */
export const TIP_COUNT = 9;
export type TipNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** A compared field: its row label and the tip that explains the whole row, if any. */
export interface PlanRow<F extends string> {
  field: F;
  label: string;
  tip?: TipNumber;
}

export interface PlanGroup<Id extends string, P extends { title: string; desc: string }> {
  heading: string;
  plans: Record<Id, P>;
  /** The key a column header shows. */
  columnTitle(plan: P): string;
  rows: ReadonlyArray<PlanRow<Exclude<keyof P & string, 'title' | 'tableTitle' | 'desc'>>>;
  /** tip1 to tip9 of the group, in order. */
  tips: readonly string[];
  /** The starred entries: a tip that explains one plan's value. */
  starred: Partial<Record<Id, Partial<Record<keyof P, TipNumber>>>>;
}

const tipsOf = (group: string) => Array.from({ length: TIP_COUNT }, (_, i) => `${group}_tip${i + 1}`);

export const RECOMMENDED_GROUP: PlanGroup<RecommendedPlanId, RecommendedPlan> = {
  heading: 'recommended_heading',
  plans: RECOMMENDED_PLANS,
  columnTitle: (plan) => plan.title,
  rows: [
    { field: 'responseTime', label: 'row_responseTime', tip: 1 },
    { field: 'emergencyBreakDownVisits', label: 'row_emergencyBreakDownVisits', tip: 2 },
    { field: 'repairServiceParts', label: 'row_repairServiceParts', tip: 3 },
    { field: 'traveltoYourLocation', label: 'row_traveltoYourLocation', tip: 3 },
    { field: 'preventiveMaintenanceVisits', label: 'row_preventiveMaintenanceVisits', tip: 4 },
    { field: 'recommendTechnicalAndRemoteSupport', label: 'row_technicalAndRemoteSupport', tip: 5 },
    { field: 'softwareUpdates', label: 'row_softwareUpdates', tip: 6 },
    {
      field: 'operationalQualificationServicesDiscount',
      label: 'row_operationalQualificationServicesDiscount',
      tip: 9,
    },
    { field: 'hardwareAndSoftwareUpgradesDiscount', label: 'row_hardwareAndSoftwareUpgradesDiscount', tip: 8 },
    { field: 'assignedAccountManager', label: 'row_assignedAccountManager' },
    { field: 'discountOnTraining', label: 'row_discountOnTraining', tip: 9 },
  ],
  tips: tipsOf('recommended'),
  starred: { platinum: { operationalQualificationServicesDiscount: 7 } },
};

export const ADDITIONAL_GROUP: PlanGroup<AdditionalPlanId, AdditionalPlan> = {
  heading: 'additional_heading',
  plans: ADDITIONAL_PLANS,
  columnTitle: (plan) => plan.tableTitle,
  rows: [
    { field: 'responseTime', label: 'row_responseTime', tip: 1 },
    { field: 'emergencyBreakDownVisits', label: 'row_emergencyBreakDownVisits' },
    { field: 'repairServiceParts', label: 'row_repairServiceParts', tip: 3 },
    { field: 'traveltoYourLocation', label: 'row_traveltoYourLocation', tip: 3 },
    { field: 'preventiveMaintenanceVisits', label: 'row_preventiveMaintenanceVisits', tip: 4 },
    { field: 'technicalAndRemoteSupport', label: 'row_technicalAndRemoteSupport', tip: 6 },
    { field: 'softwareUpdates', label: 'row_softwareUpdates' },
    { field: 'discountOnBillableService', label: 'row_discountOnBillableService', tip: 8 },
    {
      field: 'operationalQualificationServicesDiscount',
      label: 'row_operationalQualificationServicesDiscount',
      tip: 9,
    },
    { field: 'hardwareAndSoftwareUpgradesDiscount', label: 'row_hardwareAndSoftwareUpgradesDiscount' },
    { field: 'assignedAccountManager', label: 'row_assignedAccountManager' },
    { field: 'discountOnTraining', label: 'row_discountOnTraining' },
  ],
  tips: tipsOf('additional'),
  starred: {
    fundamentalPlan: { emergencyBreakDownVisits: 2 },
    preventiveMaintenancePlan: { softwareUpdates: 7 },
    remotePlusPlan: { preventiveMaintenanceVisits: 5 },
  },
};

/** Every key the plans and their tables use, for the check that each language has them. */
export function planKeys(): string[] {
  const keys = new Set<string>();
  for (const group of [RECOMMENDED_GROUP, ADDITIONAL_GROUP] as const) {
    keys.add(group.heading);
    for (const plan of Object.values(group.plans))
      for (const value of Object.values(plan)) if (typeof value === 'string') keys.add(value);
    for (const row of group.rows) keys.add(row.label);
    for (const tip of group.tips) keys.add(tip);
  }
  return [...keys];
}
