import type { ReactNode } from 'react';
import type { IconName } from '@blueprintjs/core';
import { AccessCode } from '../../../contract/permissions';
import { hasFeature, type Feature, type Privileges } from '../lib/privileges';
import { MyAccountPage } from '../features/account/MyAccountPage';
import { ChangePasswordPage } from '../features/account/ChangePasswordPage';
import { CalendarPage } from '../features/calendar/CalendarPage';
import { AnalyticsPage } from '../features/analytics/AnalyticsPage';
import { ContactUsPage } from '../features/contactUs/ContactUsPage';
import { ContractsPage } from '../features/contracts/ContractsPage';
import { CustomerOnboardingPage } from '../features/onboarding/CustomerOnboardingPage';
import { EducationTrainingPage } from '../features/education/EducationTrainingPage';
import { EmailRoutingPage } from '../features/emailRouting/EmailRoutingPage';
import { EquipmentDetailPage } from '../features/equipmentDetail/EquipmentDetailPage';
import { FeedbackPage } from '../features/feedback/FeedbackPage';
import { FaqPage } from '../features/help/FaqPage';
import { HelpTutorialsPage } from '../features/help/HelpTutorialsPage';
import { InventoryPage } from '../features/inventory/InventoryPage';
import { EquipmentFormDialog, equipmentFieldLabelKey } from '../features/inventory/equipmentForm';
import { ImageViewerDialog } from '../features/inventory/images/ImageViewerDialog';
import { ServiceRequestDialog } from '../features/inventory/serviceRequest/ServiceRequestDialog';
import { ReleaseNotesPage } from '../features/help/ReleaseNotesPage';
import { NotificationsPage } from '../features/notifications/NotificationsPage';
import { WelcomePage } from '../features/welcome/WelcomePage';
import { WorkOrdersPage } from '../features/workOrders/WorkOrdersPage';
import { UserDetailsPage } from '../features/account/UserDetailsPage';
import { UserListPage } from '../features/users/UserListPage';
import { ProductCataloguePage } from '../features/productCatalogue/ProductCataloguePage';
import { ProductsManagementPage } from '../features/productsManagement/ProductsManagementPage';

export type PortalMode = 'normal' | 'admin';

/** A page of the signed-in portal (spec 1 section 2). */
export interface PortalPage {
  /** Path under the mode's base (/app or /admin). */
  path: string;
  element: ReactNode;
  modes: readonly PortalMode[];
  /** Kept only for users holding this access code (the permission table). */
  accessCode?: string;
  /** Kept only for users with this feature (spec 2 section 2: the calendar needs Reservation). */
  feature?: Feature;
  /** Shown in the main menu with this label key and icon. */
  menu?: { labelKey: string; icon: IconName };
}

export const PORTAL_PAGES: readonly PortalPage[] = [
  {
    path: 'welcome',
    element: <WelcomePage />,
    modes: ['normal', 'admin'],
    menu: { labelKey: 'menu_welcome', icon: 'home' },
  },
  {
    path: 'product',
    element: <InventoryPage />,
    modes: ['normal'],
    menu: { labelKey: 'menu_product', icon: 'lab-test' },
  },
  {
    path: 'product/equipmentDetail/:equipmentId',
    element: (
      <EquipmentDetailPage
        parts={{
          ServiceRequestDialog,
          EquipmentFormDialog,
          ImageViewerDialog,
          fieldLabelKey: equipmentFieldLabelKey,
        }}
      />
    ),
    modes: ['normal'],
  },
  {
    path: 'workOrder',
    element: <WorkOrdersPage />,
    modes: ['normal'],
    menu: { labelKey: 'workOrders:menu_work_orders', icon: 'wrench' },
  },
  {
    path: 'calendar',
    element: <CalendarPage />,
    modes: ['normal'],
    feature: 'Reservation',
    menu: { labelKey: 'calendar:menu_calendar', icon: 'calendar' },
  },
  {
    path: 'analytics',
    element: <AnalyticsPage />,
    modes: ['normal'],
    menu: { labelKey: 'menu_analytics', icon: 'chart' },
  },
  {
    path: 'userManagement',
    element: <UserListPage adminList={false} />,
    modes: ['normal'],
    accessCode: AccessCode.UserManagement,
    menu: { labelKey: 'users:menu_users', icon: 'people' },
  },
  {
    path: 'administration/userManagement',
    element: <UserListPage adminList />,
    modes: ['admin'],
    accessCode: AccessCode.Admin,
    menu: { labelKey: 'users:menu_admin_users', icon: 'people' },
  },
  {
    path: 'administration/importProdInfo',
    element: <ProductCataloguePage />,
    modes: ['normal', 'admin'],
    accessCode: AccessCode.Admin,
    menu: { labelKey: 'productCatalogue:menu_import_prod_info', icon: 'import' },
  },
  {
    path: 'administration/productsManagement',
    element: <ProductsManagementPage parts={{ ImageViewerDialog, fieldLabelKey: equipmentFieldLabelKey }} />,
    modes: ['normal', 'admin'],
    accessCode: AccessCode.Admin,
    menu: { labelKey: 'productsManagement:menu', icon: 'box' },
  },
  {
    path: 'administration/customerOnboarding',
    element: <CustomerOnboardingPage />,
    modes: ['normal', 'admin'],
    accessCode: AccessCode.Admin,
    menu: { labelKey: 'onboarding:menu_customer_onboarding', icon: 'envelope' },
  },
  {
    path: 'administration/emailRouting',
    element: <EmailRoutingPage />,
    modes: ['normal', 'admin'],
    accessCode: AccessCode.EmailRouting,
    menu: { labelKey: 'emailRouting:menu_email_routing', icon: 'inbox-update' },
  },
  { path: 'userManagement/userDetails/:userId', element: <UserDetailsPage />, modes: ['normal', 'admin'] },
  {
    path: 'contractManagement',
    element: <ContractsPage />,
    modes: ['normal'],
    accessCode: AccessCode.ContractManagement,
    menu: { labelKey: 'contracts:menu_contract_management', icon: 'document' },
  },
  {
    path: 'educationTraining',
    element: <EducationTrainingPage />,
    modes: ['normal'],
    menu: { labelKey: 'menu_education_training', icon: 'learning' },
  },
  {
    path: 'contactUs',
    element: <ContactUsPage />,
    modes: ['normal'],
    menu: { labelKey: 'feedback:menu_contact_us', icon: 'envelope' },
  },
  { path: 'feedback', element: <FeedbackPage />, modes: ['normal'] },
  { path: 'FAQ', element: <FaqPage />, modes: ['normal', 'admin'] },
  { path: 'helpTutorials', element: <HelpTutorialsPage />, modes: ['normal', 'admin'] },
  { path: 'releaseNote', element: <ReleaseNotesPage />, modes: ['normal', 'admin'] },
  { path: 'notification', element: <NotificationsPage />, modes: ['normal', 'admin'] },
  { path: 'userManagement/changePassword', element: <ChangePasswordPage />, modes: ['normal', 'admin'] },
  { path: 'userManagement/myAccount', element: <MyAccountPage />, modes: ['normal', 'admin'] },
];

export const BASE: Record<PortalMode, string> = { normal: '/app', admin: '/admin' };

/** The pages a user may open in a mode: those whose access code and feature (if any) the user holds. */
export function pagesFor(mode: PortalMode, accessCodes: readonly string[], privileges: Privileges): PortalPage[] {
  return PORTAL_PAGES.filter(
    (p) =>
      p.modes.includes(mode) &&
      (!p.accessCode || accessCodes.includes(p.accessCode)) &&
      (!p.feature || hasFeature(privileges, p.feature)),
  );
}
