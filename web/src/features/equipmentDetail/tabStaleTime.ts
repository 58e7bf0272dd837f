/**
 * How long a tab's data on the instrument page counts as fresh: fetched with the page, it is not fetched again when
 * the tab opens, nor when the user comes back to it. A change pushed by the hub makes it stale sooner (the
 * domain-event fold). Chosen: not in spec.
 */
export const TAB_STALE_MS = 60_000;
