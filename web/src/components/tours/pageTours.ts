/**
 * The page tours (spec 1 section 2: welcome, inventory, calendar and the work-order report): which pages have one,
 * and the steps of each. A step points at an element marked `data-tour="<anchor>"`; its texts are keys of the
 * `tours` namespace. Pure: no DOM, no React, so the shell and the tests share it.
 */
export const PAGE_TOUR_IDS = ['welcome', 'inventory', 'calendar', 'workOrder'] as const;
export type PageTourId = (typeof PAGE_TOUR_IDS)[number];

export type TourSide = 'top' | 'right' | 'bottom' | 'left';

export interface TourStep {
  /** The value of the `data-tour` attribute of the element the step points at. */
  anchor: string;
  /** Key prefix in the `tours` namespace: `<key>_title` and `<key>_text`. */
  key: string;
  side?: TourSide;
  /**
   * The element may be missing (a button behind a permission, a grid with no rows): the tour then skips the step.
   * A first-visit tour waits for the other steps' elements before it starts.
   */
  optional?: boolean;
}

export const PAGE_TOURS: Readonly<Record<PageTourId, readonly TourStep[]>> = {
  welcome: [
    { anchor: 'welcome-greeting', key: 'welcome_greeting', side: 'bottom' },
    { anchor: 'welcome-quick-entries', key: 'welcome_quick_entries', side: 'top' },
    { anchor: 'main-menu', key: 'welcome_main_menu', side: 'right' },
    { anchor: 'new-service-request', key: 'welcome_service_request', side: 'bottom', optional: true },
    { anchor: 'notifications', key: 'welcome_notifications', side: 'bottom' },
    { anchor: 'help-menu', key: 'welcome_help_menu', side: 'bottom' },
  ],
  inventory: [
    { anchor: 'saved-views', key: 'inventory_saved_views', side: 'bottom' },
    { anchor: 'inventory-search', key: 'inventory_search', side: 'bottom', optional: true },
    { anchor: 'inventory-mode', key: 'inventory_mode', side: 'bottom' },
    { anchor: 'inventory-columns', key: 'inventory_columns', side: 'bottom', optional: true },
    { anchor: 'inventory-export', key: 'inventory_export', side: 'bottom' },
    { anchor: 'inventory-manage', key: 'inventory_manage', side: 'bottom' },
    { anchor: 'inventory-list', key: 'inventory_list', side: 'top' },
  ],
  calendar: [
    { anchor: 'saved-views', key: 'calendar_saved_views', side: 'bottom' },
    { anchor: 'calendar-add', key: 'calendar_add', side: 'bottom' },
    { anchor: 'calendar-filter', key: 'calendar_filter', side: 'bottom' },
    { anchor: 'calendar-search', key: 'calendar_search', side: 'bottom' },
    { anchor: 'calendar-navigation', key: 'calendar_navigation', side: 'bottom', optional: true },
    { anchor: 'calendar-mode', key: 'calendar_mode', side: 'bottom', optional: true },
    { anchor: 'calendar-sidebar', key: 'calendar_sidebar', side: 'right' },
    { anchor: 'calendar-board', key: 'calendar_board', side: 'top' },
  ],
  workOrder: [
    { anchor: 'saved-views', key: 'work_order_saved_views', side: 'bottom' },
    { anchor: 'work-order-search', key: 'work_order_search', side: 'bottom' },
    { anchor: 'work-order-columns', key: 'work_order_columns', side: 'bottom' },
    { anchor: 'work-order-export', key: 'work_order_export', side: 'bottom' },
    { anchor: 'work-order-tabs', key: 'work_order_tabs', side: 'bottom' },
    { anchor: 'work-order-list', key: 'work_order_list', side: 'top' },
  ],
};

/** The page paths (under /app or /admin) that have a tour. */
const TOUR_OF_PATH: Readonly<Record<string, PageTourId>> = {
  welcome: 'welcome',
  product: 'inventory',
  calendar: 'calendar',
  workOrder: 'workOrder',
};

/** The tour of the page at `pathname` under `base` (/app or /admin), or null when the page has none. */
export function tourOfPath(pathname: string, base: string): PageTourId | null {
  if (!pathname.startsWith(`${base}/`)) return null;
  const rest = pathname.slice(base.length + 1).replace(/\/+$/, '');
  return Object.hasOwn(TOUR_OF_PATH, rest) ? TOUR_OF_PATH[rest]! : null;
}

/** The steps to show, given which anchors are on the page now: a step whose element is missing is left out. */
export function presentSteps(tour: PageTourId, isPresent: (anchor: string) => boolean): TourStep[] {
  return PAGE_TOURS[tour].filter((step) => isPresent(step.anchor));
}

/** A first-visit tour starts once every step that is not optional has its element on the page. */
export function readyToStart(tour: PageTourId, isPresent: (anchor: string) => boolean): boolean {
  return PAGE_TOURS[tour].every((step) => step.optional === true || isPresent(step.anchor));
}

export const tourTitleKey = (step: TourStep) => `tours:${step.key}_title`;
export const tourTextKey = (step: TourStep) => `tours:${step.key}_text`;
