import { c } from './common';
import { accountContract } from './account';
import { accountManagementContract } from './accountManagement';
import { calendarFeedContract } from './calendarFeed';
import { configurationContract } from './configuration';
import { contractsContract } from './contracts';
import { countryEmailRoutingContract } from './countryEmailRouting';
import { customersContract } from './customers';
import { documentsContract } from './documents';
import { dueDatesContract } from './dueDates';
import { equipmentContract } from './equipment';
import { feedbackContract } from './feedback';
import { historyContract } from './history';
import { historyExportContract } from './historyExport';
import { imagesContract } from './images';
import { invitationsContract } from './invitations';
import { labelsContract } from './labels';
import { locationContract } from './location';
import { messagesContract } from './messages';
import { preferencesContract } from './preferences';
import { productMarketInfoContract } from './productMarketInfo';
import { reservationsContract } from './reservations';
import { serviceCallsContract } from './serviceCalls';
import { serviceIntervalsContract } from './serviceIntervals';
import { usageContract } from './usage';
import { usersContract } from './users';

/** The whole API: one router per resource. */
export const contract = c.router({
  account: accountContract,
  users: usersContract,
  accountManagement: accountManagementContract,
  preferences: preferencesContract,
  configuration: configurationContract,
  location: locationContract,
  customers: customersContract,
  messages: messagesContract,
  equipment: equipmentContract,
  documents: documentsContract,
  images: imagesContract,
  reservations: reservationsContract,
  serviceCalls: serviceCallsContract,
  contracts: contractsContract,
  countryEmailRouting: countryEmailRoutingContract,
  invitations: invitationsContract,
  productMarketInfo: productMarketInfoContract,
  feedback: feedbackContract,
  usage: usageContract,
  history: historyContract,
  calendarFeed: calendarFeedContract,
  labels: labelsContract,
  dueDates: dueDatesContract,
  historyExport: historyExportContract,
  serviceIntervals: serviceIntervalsContract,
});
export type PortalContract = typeof contract;
