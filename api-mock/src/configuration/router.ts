import { initServer } from '@ts-rest/fastify';
import { configurationContract, type OptionSettings } from '../../../contract/configuration';
import {
  DEFAULT_PAGE_SIZE,
  PRIORITY,
  SCHEDULED_EVENT_IDS,
  SERVICE_CONTRACT_CODES,
  SERVICE_WORK_TYPE_IDS,
  WARRANTY_CONTRACT_CODES,
} from '../../../contract/limits';
import type { AppDeps } from '../deps';
import { actorOf, signedInActorOf } from '../access/actor';
import { countriesIn } from '../lib/countries';
import { ok } from '../lib/envelope';
import { LANGUAGES, languageCodeOf, localeOf } from '../lib/languages';
import { distinctEquipmentNames } from '../equipment/names.queries';
import { activeSystemNotice, languageOfUser } from './queries';

const s = initServer();

/**
 * Service types and priorities of spec 1 section 9. The spec gives the ids, not their names: each name is a
 * message key the client translates (enum namespace). keys chosen: not in spec
 */
const OPTION_SETTINGS: OptionSettings = {
  serviceTypes: [
    ...SERVICE_WORK_TYPE_IDS.map((id) => ({ id, group: 'ServiceWork' as const, name: `serviceWork_${id}` })),
    ...SCHEDULED_EVENT_IDS.map((id) => ({ id, group: 'ScheduledEvent' as const, name: `scheduledEvent_${id}` })),
  ],
  priorities: [
    { id: PRIORITY.Urgent, name: 'priority_urgent' },
    { id: PRIORITY.High, name: 'priority_high' },
    { id: PRIORITY.Medium, name: 'priority_medium' },
    { id: PRIORITY.Low, name: 'priority_low' },
    { id: PRIORITY.VeryLow, name: 'priority_very_low' },
  ],
  defaultPageSize: DEFAULT_PAGE_SIZE,
  contractCodes: { warranty: [...WARRANTY_CONTRACT_CODES], service: [...SERVICE_CONTRACT_CODES] },
};

export function configurationRouter({ db }: AppDeps) {
  return s.router(configurationContract, {
    // Reference data, also for the pages shown before sign-in (the contact request of an unknown account).
    systemConfig: async ({ request, query }) => {
      const caller = signedInActorOf(request);
      const language = languageCodeOf(
        query.languageId ?? (caller ? await languageOfUser(db, caller.userId) : undefined),
      );
      const notice = await activeSystemNotice(db);
      return ok({
        languages: LANGUAGES,
        countries: countriesIn(localeOf(language)),
        notificationMessage: notice ? { messageId: notice.id, message: notice.message } : null,
      });
    },

    optionSettings: async () => ok(OPTION_SETTINGS),

    vendors: async ({ request, query }) => {
      const { keyword, count } = query;
      return ok(
        await distinctEquipmentNames(db, { customerId: actorOf(request).customerId, column: 'mfg', keyword, count }),
      );
    },

    models: async ({ request, query }) => {
      const { keyword, count, vendor } = query;
      return ok(
        await distinctEquipmentNames(db, {
          customerId: actorOf(request).customerId,
          column: 'model',
          keyword,
          count,
          mfg: vendor,
        }),
      );
    },
  });
}
