/** Building blocks several seams of the equipment contract share; the index does not re-export them. */
import { z } from 'zod';
import { IdParam } from '../common';
import { EMAIL_PATTERN, PHONE_PATTERN, requiredText } from '../validation';

export const text = (max: number) => z.string().max(max).nullable();

export const requiredEmail = (max: number) => requiredText(max).regex(EMAIL_PATTERN, 'lblEmailsWarning');
export const requiredPhone = (max: number) => requiredText(max).regex(PHONE_PATTERN, 'phone');

export const noBody = z.object({}).strict().optional();
export const idParams = z.object({ id: IdParam });
export const equipmentIdParams = z.object({ equipmentId: IdParam });
