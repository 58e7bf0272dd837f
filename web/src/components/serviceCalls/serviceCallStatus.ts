import { Intent } from '@blueprintjs/core';

/** The statuses the portal styles each in its own way (spec 3 section 4); any other one is 'other'. */
export type ServiceCallStatusTone = 'open' | 'inProcess' | 'released' | 'processed' | 'closed' | 'other';

const TONES: Readonly<Record<string, ServiceCallStatusTone>> = {
  open: 'open',
  'in process': 'inProcess',
  released: 'released',
  processed: 'processed',
  closed: 'closed',
};

/** The tone of a status as the service system spells it ("OPEN", "In Process", "in_process", ...). */
export function statusToneOf(status: string | null | undefined): ServiceCallStatusTone {
  const name = (status ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  return Object.hasOwn(TONES, name) ? TONES[name]! : 'other';
}

/** How a tone looks: a closed call stands out (filled), the other known ones are tinted, the rest plain. */
export const STATUS_STYLE: Readonly<Record<ServiceCallStatusTone, { intent: Intent; minimal: boolean }>> = {
  open: { intent: Intent.PRIMARY, minimal: true },
  inProcess: { intent: Intent.WARNING, minimal: true },
  released: { intent: Intent.SUCCESS, minimal: true },
  processed: { intent: Intent.PRIMARY, minimal: false },
  closed: { intent: Intent.SUCCESS, minimal: false },
  other: { intent: Intent.NONE, minimal: true },
};
