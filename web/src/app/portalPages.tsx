import { isValidElement, lazy, type ComponentType, type ReactNode } from 'react';
import { matchPath } from 'react-router-dom';
import type { IconName } from '@blueprintjs/core';
import type { AppRoute } from '@ts-rest/core';
import type { CallerFacts } from '../../../contract/access';
import { contract } from '../../../contract';
import { LABEL_ROUTE } from '../../../contract/labels';
import { PreferenceKeys } from '../../../contract/preferences';
import { mayCall, type CallArgs } from '../lib/access';
import { WelcomePage } from '../features/welcome/WelcomePage';
import { requestViewsEarly } from '../components/savedViews/earlyViews';

/** How to fetch the script of each lazily loaded screen, by the screen. */
const SCRIPTS = new Map<unknown, () => Promise<unknown>>();

/** A page loaded when first opened (its own script): the shell shows a spinner until it is there. */
function screen<K extends string, P extends object>(
  load: () => Promise<Record<NoInfer<K>, ComponentType<P>>>,
  name: K,
) {
  const Screen = lazy<ComponentType<P>>(() => load().then((m) => ({ default: m[name] })));
  SCRIPTS.set(Screen, load);
  return Screen;
}

const MyAccountPage = screen(() => import('../features/account/MyAccountPage'), 'MyAccountPage');
const ChangePasswordPage = screen(() => import('../features/account/ChangePasswordPage'), 'ChangePasswordPage');
const UserDetailsPage = screen(() => import('../features/account/UserDetailsPage'), 'UserDetailsPage');
const CalendarPage = screen(() => import('../features/calendar/CalendarPage'), 'CalendarPage');
const AnalyticsPage = screen(() => import('../features/analytics/AnalyticsPage'), 'AnalyticsPage');
const ContactUsPage = screen(() => import('../features/contactUs/ContactUsPage'), 'ContactUsPage');
const ContractsPage = screen(() => import('../features/contracts/ContractsPage'), 'ContractsPage');
const CustomerOnboardingPage = screen(
  () => import('../features/onboarding/CustomerOnboardingPage'),
  'CustomerOnboardingPage',
);
const EducationTrainingPage = screen(
  () => import('../features/education/EducationTrainingPage'),
  'EducationTrainingPage',
);
const EmailRoutingPage = screen(() => import('../features/emailRouting/EmailRoutingPage'), 'EmailRoutingPage');
const EquipmentDetailPage = screen(
  () => import('../features/equipmentDetail/EquipmentDetailPage'),
  'EquipmentDetailPage',
);
const FeedbackPage = screen(() => import('../features/feedback/FeedbackPage'), 'FeedbackPage');
const FaqPage = screen(() => import('../features/help/FaqPage'), 'FaqPage');
const HelpTutorialsPage = screen(() => import('../features/help/HelpTutorialsPage'), 'HelpTutorialsPage');
const ReleaseNotesPage = screen(() => import('../features/help/ReleaseNotesPage'), 'ReleaseNotesPage');
const InventoryPage = screen(() => import('../features/inventory/InventoryPage'), 'InventoryPage');
const NotificationsPage = screen(() => import('../features/notifications/NotificationsPage'), 'NotificationsPage');
const WorkOrdersPage = screen(() => import('../features/workOrders/WorkOrdersPage'), 'WorkOrdersPage');
const loadUserList = () => import('../features/users/UserListPage');
const UserListPage = lazy(() => loadUserList().then((m) => ({ default: m.UserListPage })));
SCRIPTS.set(UserListPage, loadUserList);
const ProductCataloguePage = screen(
  () => import('../features/productCatalogue/ProductCataloguePage'),
  'ProductCataloguePage',
);
const QrLabelLandingPage = screen(() => import('../features/qrLabels/QrLabelLandingPage'), 'QrLabelLandingPage');
const ProductsManagementPage = screen(
  () => import('../features/productsManagement/ProductsManagementPage'),
  'ProductsManagementPage',
);

export type PortalMode = 'normal' | 'admin';

/** A page of the signed-in portal (spec 1 section 2). */
export interface PortalPage {
  /** Path under the mode's base (/app or /admin). */
  path: string;
  element: ReactNode;
  modes: readonly PortalMode[];
  /** The route the screen cannot do without: the page is kept only for users the route's declaration lets in. */
  calls?: AppRoute;
  /** The body or query of that call, when its access depends on one of their values. */
  callArgs?: CallArgs;
  /** Shown in the main menu with this label key and icon. */
  menu?: { labelKey: string; icon: IconName };
  /** A page without its own menu entry: the menu pages (paths) whose entry it highlights; none when absent. */
  partOf?: readonly string[];
  /** The preference key of the page's saved views, asked for early when the app opens on this page. */
  views?: string;
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
    views: PreferenceKeys.inventory,
    modes: ['normal'],
    menu: { labelKey: 'menu_product', icon: 'lab-test' },
  },
  {
    path: 'product/equipmentDetail/:equipmentId',
    element: <EquipmentDetailPage />,
    modes: ['normal'],
    partOf: ['product'],
  },
  {
    path: LABEL_ROUTE,
    element: <QrLabelLandingPage />,
    modes: ['normal'],
    partOf: ['product'],
  },
  {
    path: 'workOrder',
    element: <WorkOrdersPage />,
    views: PreferenceKeys.workOrder,
    modes: ['normal'],
    menu: { labelKey: 'workOrders:menu_work_orders', icon: 'wrench' },
  },
  {
    path: 'calendar',
    element: <CalendarPage />,
    views: PreferenceKeys.calendar,
    modes: ['normal'],
    calls: contract.reservations.calendar,
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
    calls: contract.accountManagement.list,
    menu: { labelKey: 'users:menu_users', icon: 'people' },
  },
  {
    path: 'administration/userManagement',
    element: <UserListPage adminList />,
    modes: ['admin'],
    calls: contract.accountManagement.list,
    menu: { labelKey: 'users:menu_admin_users', icon: 'people' },
  },
  {
    path: 'administration/importProdInfo',
    element: <ProductCataloguePage />,
    modes: ['normal', 'admin'],
    calls: contract.productMarketInfo.list,
    menu: { labelKey: 'productCatalogue:menu_import_prod_info', icon: 'import' },
  },
  {
    path: 'administration/productsManagement',
    element: <ProductsManagementPage />,
    views: PreferenceKeys.productsManagement,
    modes: ['normal', 'admin'],
    calls: contract.equipment.updateEditingList,
    menu: { labelKey: 'productsManagement:menu', icon: 'box' },
  },
  {
    path: 'administration/customerOnboarding',
    element: <CustomerOnboardingPage />,
    modes: ['normal', 'admin'],
    calls: contract.invitations.history,
    menu: { labelKey: 'onboarding:menu_customer_onboarding', icon: 'envelope' },
  },
  {
    path: 'administration/emailRouting',
    element: <EmailRoutingPage />,
    modes: ['normal', 'admin'],
    calls: contract.countryEmailRouting.getCountryEmails,
    menu: { labelKey: 'emailRouting:menu_email_routing', icon: 'inbox-update' },
  },
  {
    path: 'userManagement/userDetails/:userId',
    element: <UserDetailsPage />,
    modes: ['normal', 'admin'],
    partOf: ['userManagement', 'administration/userManagement'],
  },
  {
    path: 'contractManagement',
    element: <ContractsPage />,
    modes: ['normal'],
    calls: contract.contracts.list,
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
  { path: 'feedback', element: <FeedbackPage />, modes: ['normal', 'admin'], calls: contract.feedback.sendFeedback },
  { path: 'FAQ', element: <FaqPage />, modes: ['normal', 'admin'] },
  { path: 'helpTutorials', element: <HelpTutorialsPage />, modes: ['normal', 'admin'] },
  { path: 'releaseNote', element: <ReleaseNotesPage />, modes: ['normal', 'admin'] },
  { path: 'notification', element: <NotificationsPage />, modes: ['normal', 'admin'] },
  { path: 'userManagement/changePassword', element: <ChangePasswordPage />, modes: ['normal', 'admin'] },
  { path: 'userManagement/myAccount', element: <MyAccountPage />, modes: ['normal', 'admin'] },
];

export const BASE: Record<PortalMode, string> = { normal: '/app', admin: '/admin' };

/** Other names of pages (spec 1 section 2): `/app/customerOnboarding`, `/admin/importProdInfo`… open the page. */
export const PAGE_ALIASES: Readonly<Record<string, string>> = {
  customerOnboarding: 'administration/customerOnboarding',
  importProdInfo: 'administration/importProdInfo',
  emailRouting: 'administration/emailRouting',
};

/** The pages a user may open in a mode: those whose route (if any) the user may call in that mode. */
export function pagesFor(mode: PortalMode, facts: CallerFacts): PortalPage[] {
  return PORTAL_PAGES.filter(
    (p) => p.modes.includes(mode) && (!p.calls || mayCall(p.calls, facts, mode === 'admin', p.callArgs)),
  );
}

/** The page at `pathname` (a link, a reload or a bookmark), if it is one of the portal's. */
export function pageAt(pathname: string): PortalPage | undefined {
  for (const base of Object.values(BASE)) {
    const rest = matchPath({ path: `${base}/*`, caseSensitive: false }, pathname)?.params['*'];
    if (rest === undefined) continue;
    const page = PORTAL_PAGES.find((p) => matchPath({ path: p.path, caseSensitive: false }, `/${rest}`));
    if (page) return page;
  }
  return undefined;
}

/**
 * Starts fetching the script of the page at `pathname` while the app is still asking who is signed in, rather than
 * after.
 */
export function preloadPageOf(pathname: string): void {
  const page = pageAt(pathname);
  if (page && isValidElement(page.element)) void SCRIPTS.get(page.element.type)?.().catch(() => {});
}

/** A page prepared less than this long ago is not prepared again (a pointer moving over the menu). */
const PREPARE_AGAIN_MS = 5_000;
const prepared = new Map<string, number>();

/**
 * Starts fetching what a page needs while the user is about to open it (its menu entry is hovered or focused): its
 * script and its saved views.
 */
export function preparePage(page: PortalPage, customerId: number): void {
  const now = Date.now();
  if (now - (prepared.get(page.path) ?? 0) < PREPARE_AGAIN_MS) return;
  prepared.set(page.path, now);
  if (isValidElement(page.element)) void SCRIPTS.get(page.element.type)?.().catch(() => {});
  if (page.views) requestViewsEarly(page.views, customerId);
}
