import { contract } from '../../../contract';
import type { AppDeps } from '../deps';
import { implement, type Implementation } from '../lib/implement';
import { accountRouter } from './account';
import { accountProfileRouter } from './accountProfile';
import { avatarRoutes } from './avatar';
import { changePasswordRoute } from './accountPassword';
import { configurationRouter } from '../configuration/router';
import { contractsRouter } from './contracts';
import { countryEmailRoutingRoutes } from '../countryEmailRouting/router';
import { customersRouter } from '../customers/router';
import { documentsRouter } from './documents';
import { equipmentContractPdfRoutes } from './equipmentContractPdf';
import { equipmentDetailRoutes } from './equipmentDetail';
import { equipmentEditRoutes } from './equipmentEdit';
import { equipmentRequestRoutes } from './equipmentRequests';
import { equipmentImagesRoutes } from './equipmentImages';
import { equipmentListRouter } from './equipmentList';
import { feedbackRouter } from '../feedback/router';
import { locationRouter } from '../location/router';
import { messagesRouter } from './messages';
import { onboardingRouter } from '../invitations/router';
import { preferencesRouter } from './preferences';
import { privilegeRoutes } from './privileges';
import { productInformationRoutes } from './productInformation';
import { productMarketInfoRoutes } from '../productMarketInfo/router';
import { productsManagementRoutes } from './productsManagement';
import { reservationsRouter } from './reservations';
import { customerUsersRoute, serviceRequestsRouter } from './serviceRequests';
import { cloudCredentialRoute, storageRouter } from './storage';
import { usageRouter } from './usage';
import { historyRouter } from './history';
import { usersRouter } from './users';
import { userManagementRoutes } from './userManagement';
import { userInvitationRoutes } from './userInvitations';
import { utilizationRoutes } from './utilization';
import { refreshUpcomingRoute, workOrdersRouter } from './workOrders';

/** Every contract route this server implements, resource by resource. */
export function implementations(deps: AppDeps): Implementation[] {
  return [
    implement(contract.account, accountRouter(deps)),
    implement(contract.accountManagement, accountProfileRouter(deps)),
    implement(contract.users, usersRouter(deps)),
    implement(contract.usage, usageRouter(deps)),
    implement(contract.preferences, preferencesRouter(deps)),
    implement(contract.customers, customersRouter(deps)),
    implement(contract.location, locationRouter(deps)),
    implement(contract.configuration, configurationRouter(deps)),
    implement(contract.messages, messagesRouter(deps)),
    implement(contract.images, storageRouter(deps)),
    implement(contract.customers, { cloudCredential: cloudCredentialRoute(deps) }),
    implement(contract.equipment, equipmentListRouter(deps)),
    implement(contract.equipment, equipmentImagesRoutes(deps)),
    implement(contract.equipment, equipmentEditRoutes(deps)),
    implement(contract.equipment, equipmentDetailRoutes(deps)),
    implement(contract.equipment, equipmentRequestRoutes(deps)),
    implement(contract.equipment, equipmentContractPdfRoutes(deps)),
    implement(contract.equipment, productInformationRoutes(deps)),
    implement(contract.productMarketInfo, productMarketInfoRoutes(deps)),
    implement(contract.equipment, productsManagementRoutes(deps)),
    implement(contract.equipment, utilizationRoutes(deps)),
    implement(contract.documents, documentsRouter(deps)),
    implement(contract.feedback, feedbackRouter(deps)),
    implement(contract.accountManagement, { changePassword: changePasswordRoute(deps) }),
    implement(contract.serviceCalls, serviceRequestsRouter(deps)),
    implement(contract.accountManagement, { customerUsers: customerUsersRoute(deps) }),
    implement(contract.accountManagement, avatarRoutes(deps)),
    implement(contract.accountManagement, privilegeRoutes(deps)),
    implement(contract.accountManagement, userManagementRoutes(deps)),
    implement(contract.reservations, reservationsRouter(deps)),
    implement(contract.serviceCalls, workOrdersRouter(deps)),
    implement(contract.contracts, contractsRouter(deps)),
    implement(contract.equipment, { refreshUpcomingServiceCalls: refreshUpcomingRoute(deps) }),
    implement(contract.invitations, onboardingRouter(deps)),
    ...userInvitationRoutes(deps),
    implement(contract.countryEmailRouting, countryEmailRoutingRoutes(deps)),
    implement(contract.history, historyRouter(deps)),
  ];
}
