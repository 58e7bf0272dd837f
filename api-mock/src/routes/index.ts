import { contract } from '../../../contract';
import type { AppDeps } from '../deps';
import { implement, type Implementation } from '../lib/implement';
import { accountRouter } from '../account/router';
import { calendarFeedRouter } from '../calendarFeed/router';
import { accountProfileRouter } from '../accountManagement/profile.router';
import { customerUsersRoute } from '../accountManagement/customerUsers.router';
import { avatarRoutes } from '../accountManagement/avatar.router';
import { changePasswordRoute } from '../accountManagement/password.router';
import { configurationRouter } from '../configuration/router';
import { contractsRouter } from '../contracts/router';
import { countryEmailRoutingRoutes } from '../countryEmailRouting/router';
import { customersRouter } from '../customers/router';
import { documentsRouter } from '../documents/router';
import { dueDatesRouter } from '../dueDates/router';
import { equipmentContractPdfRoutes } from '../equipment/contractPdf.router';
import { equipmentDetailRoutes } from '../equipment/detail.router';
import { equipmentEditRoutes } from '../equipment/edit.router';
import { equipmentRequestRoutes } from '../equipment/requests.router';
import { equipmentImagesRoutes } from '../equipment/images.router';
import { equipmentListRouter } from '../equipment/list.router';
import { feedbackRouter } from '../feedback/router';
import { locationRouter } from '../location/router';
import { messagesRouter } from '../messages/router';
import { invitationsRouter } from '../invitations/router';
import { labelsRouter } from '../labels/router';
import { preferencesRouter } from '../preferences/router';
import { privilegeRoutes } from '../accountManagement/privileges.router';
import { productInformationRoutes } from '../equipment/productInformation.router';
import { productMarketInfoRoutes } from '../productMarketInfo/router';
import { productsManagementRoutes } from '../equipment/products.router';
import { reservationsRouter } from '../reservations/router';
import { serviceRequestsRouter } from '../serviceCalls/requests.router';
import { cloudCredentialRoute } from '../customers/cloudCredential.router';
import { imagesRouter } from '../images/router';
import { usageRouter } from '../usage/router';
import { historyRouter } from '../history/router';
import { historyExportRouter } from '../historyExport/router';
import { serviceIntervalsRouter } from '../serviceIntervals/router';
import { usersRouter } from '../users/router';
import { userManagementRoutes } from '../accountManagement/userManagement.router';
import { userInvitationRoutes } from '../accountManagement/invitations.router';
import { utilizationRoutes } from '../equipment/utilization.router';
import { refreshUpcomingRoute, workOrdersRouter } from '../serviceCalls/workOrders.router';

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
    implement(contract.images, imagesRouter(deps)),
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
    implement(contract.invitations, invitationsRouter(deps)),
    implement(contract.accountManagement, userInvitationRoutes(deps)),
    implement(contract.countryEmailRouting, countryEmailRoutingRoutes(deps)),
    implement(contract.history, historyRouter(deps)),
    implement(contract.calendarFeed, calendarFeedRouter(deps)),
    implement(contract.labels, labelsRouter(deps)),
    implement(contract.dueDates, dueDatesRouter(deps)),
    implement(contract.historyExport, historyExportRouter(deps)),
    implement(contract.serviceIntervals, serviceIntervalsRouter(deps)),
  ];
}
