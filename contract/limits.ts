/** Business constants of the spec (section 9 of each document). Client and server both read them. */
export const SESSION_IDLE_MINUTES = 8 * 60; // chosen: not in spec
export const LOGIN_MAX_FAILURES = 5; // chosen: not in spec
export const LOGIN_LOCK_SECONDS = 15 * 60; // chosen: not in spec

export const DEFAULT_PAGE_SIZE = 100;
export const AUTOCOMPLETE_COUNT = 100;
export const CUSTOMER_LIST_COUNT = 100;
export const SWITCH_HISTORY_COUNT = 5;

export const NOTIFICATION_PAGE_SIZE = 50;
export const BADGE_CAP = 99;
export const NOTIFICATION_POLL_MS = 900_000;
export const CREDENTIAL_POLL_MS = 3_000;
export const CREDENTIAL_TIMEOUT_MS = 1_000;
export const HUB_RETRY_MS = 1_000;
export const PRESIGNED_URL_SECONDS = 1_800;

export const INVENTORY_PAGE_SIZE = 30;
export const FILTER_LIST_LIMIT = 100;

export const ROLE = { StandardUser: 1, Manager: 2, Admin: 3 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 12;
export const EMAIL_MAX = 241;
export const USAGE_FLUSH_MS = 1_000; // chosen: not in spec
