import { INT32_MAX } from '../../../../contract/limits';
import { USER_ADDED_DATA_SOURCE_ID, type Equipment } from '../../../../contract/equipment';
import { ErrorCode } from '../../../../contract/errors';
import { requestErrorOf } from '../../lib/requestErrors';

/** The equipment id of the route's last segment, or null when it is not a positive whole number. */
export function parseEquipmentId(segment: string | undefined): number | null {
  if (!segment || !/^\d{1,10}$/.test(segment)) return null;
  const id = Number(segment);
  return id > 0 && id <= INT32_MAX ? id : null;
}

/** The lookup found nothing the user may see: another customer's, a hidden or a missing instrument. */
export const isNotFound = (error: unknown) => {
  const e = requestErrorOf(error);
  return e.kind === 'api' && e.errorCode === ErrorCode.EquipmentNotFound;
};

/** The page title (spec 2 section 2): make - model - serial number - system nickname, without the empty parts. */
export const detailTitle = (e: Equipment) =>
  [e.mfg, e.model, e.serial, e.systemNickName].filter((part) => part?.trim()).join(' - ');

export const isUserAdded = (e: Equipment) => e.dataSourceId === USER_ADDED_DATA_SOURCE_ID;
