/** Business constants of the spec (section 9 of each document). Client and server both read them. */

// Chosen here: not in spec.
export const SESSION_IDLE_MINUTES = 8 * 60;
/** However active, a session ends this long after sign-in. */
export const SESSION_ABSOLUTE_HOURS = 12;
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_SECONDS = 15 * 60;
/** Failed password attempts one client address may make in a window, over all accounts. */
export const LOGIN_ADDRESS_MAX_FAILURES = 30;
/** Past its free attempts, a guessed account (per address or device) locks this long, doubling with each failure. */
export const LOGIN_BACKOFF_BASE_SECONDS = 60;
export const LOGIN_BACKOFF_MAX_SECONDS = 60 * 60;
/** An account's failed attempts from one address or device are forgotten this long after the last one. */
export const LOGIN_FAILURE_MEMORY_SECONDS = 24 * 60 * 60;
export const USAGE_FLUSH_MS = 1_000;
/**
 * Mails one user can cause in MAIL_QUOTA_WINDOW_SECONDS, counted per recipient address (a mail to five addresses
 * counts five), provider mailboxes and the user's own copy included: a script repeating a request floods them just
 * the same. 60 lets an admin invite the 50 addresses one invitation takes at most. Chosen: not in spec.
 */
export const MAIL_QUOTA_PER_HOUR = 60;
export const MAIL_QUOTA_WINDOW_SECONDS = 60 * 60;

// Spec 1 section 9: lists, paging, polling.
export const DEFAULT_PAGE_SIZE = 100;
export const AUTOCOMPLETE_COUNT = 100;
export const FIELD_OPTION_COUNT = 100;
export const CUSTOMER_LIST_COUNT = 100;
/** A customer's own label of the asset id or a general field: as long as the general fields' values (spec 2 section 8). */
export const CUSTOMER_FIELD_LABEL_MAX = 30;
export const SWITCH_HISTORY_COUNT = 5;
export const NOTIFICATION_PAGE_SIZE = 50;
export const BADGE_CAP = 99;
export const NOTIFICATION_POLL_MS = 900_000;
export const SIDE_LIST_WIDTH = { min: 350, max: 700, default: 400 } as const;
export const GRID_ROW_HEIGHT = 40;
export const GRID_ROW_HEIGHT_TALL = 60;
export const GRID_COLUMN_WIDTH = 160;
export const SIDE_MENU_COLLAPSED_WIDTH = 320;
export const MODAL_WIDTH = { default: 1000, wide: 800, medium: 750, small: 600, narrow: 500 } as const;
/** Spec 1 section 5: each input of a number range filter takes at most 8 characters. */
export const RANGE_FILTER_INPUT_MAX = 8;
export const INPUT_WIDTH = 300;
export const TITLE_WIDTH = 200;
export const AUTOCOMPLETE_OPTION_HEIGHT = 32;
export const AUTOCOMPLETE_MAX_HEIGHT = 256;
export const AUTOCOMPLETE_BLUR_HIDE_MS = 200;
export const PRINT_DELAY_MS = 500;
export const DATE_FORMAT = 'll';
export const DATE_TIME_FORMAT = 'lll';
export const SCROLL_THROTTLE_MS = 10;
export const CREDENTIAL_TIMEOUT_MS = 1_000;
export const HUB_RETRY_MS = 1_000;
export const CREDENTIAL_POLL_MS = 3_000;
export const DEFAULT_DAY = 15;
export const PRESIGNED_URL_SECONDS = 1_800;
/** Contract expiry colour: more than 90 days green, 0 to 90 yellow, negative red. */
export const CONTRACT_EXPIRY_WARNING_DAYS = 90;
/** Instrument age buckets in years: under 5, 5 to 10, over 10. */
export const AGE_BUCKET_YEARS = [5, 10] as const;
export const WARRANTY_CONTRACT_CODES = ['ZCEW', 'ZW01'] as const;
export const SERVICE_CONTRACT_CODES = ['ZCEG', 'ZCIC', 'ZCRR', 'ZCSA', 'ZCSI', 'ZCSS', 'ZCTR', 'ZOSC', 'ZRTA'] as const;
export const PRIORITY = { Urgent: 1, High: 2, Medium: 3, Low: 4, VeryLow: 5 } as const;
export const DEFAULT_PRIORITY = PRIORITY.Medium;
export const SERVICE_WORK_TYPE_IDS = [7, 10, 13, 12, 11, 14] as const;
export const SCHEDULED_EVENT_IDS = [1, 2, 9, 4, 5, 8, 3, 6, 15] as const;
export const SERVICE_CALL_SIDEBAR_PAGE_SIZE = 15;
export const UPCOMING_SERVICE_DAYS = 30;
export const WORKING_HOURS = { start: 8, end: 16 } as const;
export const SLOT_MINUTES = 30;
export const ROLE = { StandardUser: 1, Manager: 2, Admin: 3 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];

// Spec 2 section 9: inventory and equipment.
export const INVENTORY_PAGE_SIZE = 30;
export const CONTRACT_SEARCH_COUNT = 100;
export const FILTER_LIST_LIMIT = 100;
export const IMAGE_STRIP_PAGE_SIZE = 5;
export const IMAGE_THUMBNAIL_WIDTH = 100;
export const SERVICE_CALL_PAGE_SIZE = 10;
export const SYSTEM_COMPONENT_PAGE_SIZE = 10;
export const SYSTEM_COMPONENT_DEFAULT_PAGE_SIZE = 10_000;
export const VIEW_NAME_MAX = 100;
/** Saved-view list height: 32 plus 34 per item, capped at 250. */
export const VIEW_LIST_HEIGHT = { base: 32, perItem: 34, max: 250 } as const;
/** Simple grid height: 50 per row plus 56, between 180 and 320. */
export const SIMPLE_GRID_HEIGHT = { perRow: 50, extra: 56, min: 180, max: 320 } as const;
export const UPLOAD_DEBOUNCE_MS = 100;
export const IMPORT_CLOSE_DELAY_MS = 1_000;
export const MB = 1024 * 1024;
export const IMPORT_FILE_MAX_BYTES = 5 * MB;
/**
 * What an import reads of a spreadsheet (an .xlsx is a zip): entries, their inflated bytes in all, the inflated size
 * against the file's, and the data rows of sheet 1. A real 5 MB workbook stays far inside; a zip bomb does not.
 * Chosen: not in spec.
 */
export const IMPORT_ARCHIVE_LIMITS = {
  maxEntries: 500,
  maxUncompressedBytes: 100 * MB,
  maxRatio: 200,
  maxRows: 20_000,
} as const;
/**
 * Stored bytes per user: uploads not yet saved to any record (`pendingBytes`), and all the user's files. An
 * unsaved upload is removed after `orphanHours`. Chosen: not in spec.
 */
export const STORAGE_QUOTA = { pendingBytes: 100 * MB, userBytes: 2048 * MB, orphanHours: 24 } as const;
export const SHARE_SCOPES = ['private', 'public'] as const;
export const UTILIZATION_RANGES = [0, 1, 6, 12] as const;
export const UTILIZATION_DEFAULT_RANGE = 12;
export const UTILIZATION_VIEWS = ['Daily Average', 'Percentage', 'Total'] as const;
export const UTILIZATION_DEFAULT_VIEW = 'Total';
export const UTILIZATION_AVERAGE_MIN_TICK = 24;
export const CHART_RENDER_DELAY_MS = 500;
export const UTILIZATION_DETAIL_OPTIONS = 100;
export const COMMENTS_MAX = 200;
export const NAME_MAX = 30;
export const COMPANY_MAX = 60;
export const CONTACT_EMAIL_MAX = 60;
export const PHONE_MAX = 20;

// Spec 3 section 9: reservations, accounts, administration.
export const DELETION_COMMENT_MAX = 250;
export const CONTACT_COMMENTS_MAX = 2000;
export const FEEDBACK_MAX_FILES = 4;
export const FEEDBACK_MAX_BYTES = 3 * MB;
export const AVATAR_MAX_BYTES = 5 * MB;
export const AVATAR_THUMBNAIL_SIZE = 64;
export const AVATAR_ZOOM_MIN = 100;
export const AVATAR_ZOOM_MAX = 200;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 12;
export const INACTIVE_USER_PAGE_SIZE = 10;
export const ALL_COUNTRIES = -1;
export const CALENDAR_PAGE_SIZE = 20;
export const SERVICE_CALL_LIST_PAGE_SIZE = 20;
export const PART_NUMBER_MAX = 40;
export const MAKE_MODEL_MAX = 100;
export const SYSTEM_ID_MAX = 30;
export const PRIMARY_USER_MAX = 80;
export const CONTACT_PHONE_MAX = 40;
export const EMAIL_MAX = 241;
export const INVITE_EMAIL_MAX = 100;
/** The provider's own e-mail domain: its customer may only invite admins (spec 3 section 5 "Invite user"). */
export const PROVIDER_EMAIL_DOMAIN = 'provider.example';
/** An invitation link works this long after it is sent, and once. Chosen: not in spec. */
export const INVITATION_EXPIRY_DAYS = 7;
export const LOGO_MAX_FILES = 1;
export const LOGO_MAX_BYTES = 5 * MB;
export const LOGO_EXTENSIONS = ['jpg', 'jpeg', 'gif', 'png', 'bmp'] as const;
export const EDITOR_HEIGHT = 500;
export const FAQ_LOADING_DELAY_MS = 100;
export const COPYRIGHT_YEARS = { from: 2007, to: 2020 } as const;
export const THEMES = ['default', 'cold', 'warm'] as const;
export const PLAN_TIPS = 9;
export const PRODUCT_IMPORT_ERROR_SECONDS = 10;

/** The largest id or whole number a database integer column holds: larger input is bad input (400). */
export const INT32_MAX = 2_147_483_647;
/** The last page a list may ask for: deeper paging is bad input, not a scan of every row. */
export const PAGE_INDEX_MAX = 100_000;
/**
 * The large lists count their matches exactly up to this many; beyond it they answer this figure and say it is not
 * exact (listQuery.ts `cappedPaged`). Chosen: not in spec.
 */
export const EXACT_COUNT_MAX = 10_000;
