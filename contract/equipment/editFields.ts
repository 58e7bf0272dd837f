/** The fields the add/edit form (edit.ts) and the products-management grid (products.ts) share; not re-exported. */
import { z } from 'zod';
import { IsoDate } from '../common';
import { emailSchema, optionalText, phoneSchema } from '../validation';
import { EQUIPMENT_MAX } from './model';

const M = EQUIPMENT_MAX;

const optionalPhone = (max: number) => phoneSchema(max).nullable().optional();
const optionalEmail = (max: number) => emailSchema(max).nullable().optional();

/** The text fields every equipment edit shares (add/edit form and products-management grid). */
export const equipmentTextFields = {
  dtype: optionalText(M.dtype),
  serial: optionalText(M.serial),
  systemId: optionalText(M.systemId),
  systemNickName: optionalText(M.systemNickName),
  building: optionalText(M.building),
  floor: optionalText(M.floor),
  room: optionalText(M.room),
  department: optionalText(M.department),
  costCenter: optionalText(M.costCenter),
  costCenter2: optionalText(M.costCenter2),
  contactName: optionalText(M.contactName),
  contactPhone: optionalPhone(M.contactPhone),
  contactEmail: optionalEmail(M.contactEmail),
  contactMgrName: optionalText(M.contactMgrName),
  contactMgrPhone: optionalPhone(M.contactMgrPhone),
  contactMgrEmail: optionalEmail(M.contactMgrEmail),
  financialResponsibilityName: optionalText(M.financialResponsibilityName),
  financialResponsibilityPhone: optionalPhone(M.financialResponsibilityPhone),
  financialResponsibilityEmail: optionalEmail(M.financialResponsibilityEmail),
  vendorName: optionalText(M.vendorName),
  vendorContact: optionalText(M.vendorContact),
  vendorTel: optionalPhone(M.vendorTel),
  vendorEmail: optionalEmail(M.vendorEmail),
  oemParts: optionalText(M.oemParts),
  userGroupId: optionalText(M.userGroupId),
  productName: optionalText(M.productName),
  productSeries: optionalText(M.productSeries),
  os: optionalText(M.os),
  pcApp1: optionalText(M.pcApp1),
  pcAppv1: optionalText(M.pcAppv1),
  pcId: optionalText(M.pcId),
  pcName: optionalText(M.pcName),
  safetyCategory: optionalText(M.safetyCategory),
  comments: optionalText(M.comments),
  general1: optionalText(M.general1),
  general2: optionalText(M.general2),
  general3: optionalText(M.general3),
  pkiTag: optionalText(M.pkiTag),
  assetId: optionalText(M.assetId),
  rfidTag: optionalText(M.rfidTag),
  custSysId: optionalText(M.custSysId),
  priorityD: optionalText(M.code),
  priorityDQA: optionalText(M.code),
  priorityDSafety: optionalText(M.code),
  classification: optionalText(M.code),
  pcConnectivity: optionalText(M.code),
};

export const equipmentOtherFields = {
  instDate: IsoDate.nullable().optional(),
  equipStartUpDate: IsoDate.nullable().optional(),
  equipConstrYear: z.number().int().min(1900).max(2100).nullable().optional(),
  equipConstrMonth: z.number().int().min(1).max(12).nullable().optional(),
  osGxpFlag: z.boolean().nullable().optional(),
  mainComponent: z.boolean().nullable().optional(),
  indicatorRecord: z.boolean().nullable().optional(),
  assetGeniusFlag: z.boolean().nullable().optional(),
  agConnected: z.boolean().nullable().optional(),
  isComputer: z.boolean().nullable().optional(),
};
