import { z } from 'zod';
import { signedIn } from './access';
import { INT32_MAX } from './limits';
import { c, envelope, standardErrors, withCommonQuery, queryBoolean } from './common';
import { requiredText } from './validation';

/**
 * Saved views and settings (spec 1 section 3 "Preference"; calendar, work-order, inventory and products-management
 * views store their own `value` shapes, see spec 2 and 3). The calls are those of spec 1 section 7.
 */

/** The initial layout: a view every list has, which cannot be deleted, hidden or updated (spec 1 section 3). */
export const INITIAL_LAYOUT_PREFERENCE_ID = -1;
/** Saved-view name: required, trimmed, max 100 (spec 2 section 5 "New view name", section 9). */
export const PREFERENCE_NAME_MAX = 100;
/** Size of the JSON `value`. chosen: not in spec */
export const PREFERENCE_VALUE_MAX = 20_000;
/** How many keys one list call may ask for. chosen: not in spec */
export const PREFERENCE_KEYS_MAX = 20;

/** Preference keys the app uses. The values are ours: chosen, not in spec. */
export const PreferenceKeys = {
  inventory: 'inventory',
  calendar: 'calendar',
  workOrder: 'workOrder',
  productsManagement: 'productsManagement',
  /** The theme setting; its value holds `pageTheme` (spec 1 section 1). */
  theme: 'theme',
  /** The page tours the user has seen (spec 1 section 2), so a first-visit tour starts once per user. */
  pageTours: 'pageTours',
} as const;

export const PREFERENCE_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
export const PreferenceKey = z.string().regex(PREFERENCE_KEY_PATTERN, 'preferenceKey');

export const ShareScope = z.enum(['private', 'public']);
export type ShareScope = z.infer<typeof ShareScope>;

const isJson = (value: string) => {
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
};

/** The view or setting itself, a JSON string (filter, sort, columnShowKeys, columnOrderKeys, mode, ...). */
export const PreferenceValue = z.string().max(PREFERENCE_VALUE_MAX).refine(isJson, 'preference_value_invalid');

const PreferenceFields = z.object({
  /** -1 is the initial layout. */
  preferenceId: z.number().int().min(INITIAL_LAYOUT_PREFERENCE_ID),
  preferenceKey: PreferenceKey,
  name: requiredText(PREFERENCE_NAME_MAX),
  isDefault: z.boolean(),
  value: PreferenceValue,
  category: z.string().trim().max(60).nullable(),
  shareScope: ShareScope,
  /** The customer id a public view is shared with; null for a private one. */
  publicPreferenceId: z.number().int().positive().max(INT32_MAX).nullable(),
  /** The owner. */
  userId: z.number().int().nullable(),
});

/** A public view names the customer it is shared with (spec 1 section 3). */
const publicNeedsCustomer = (
  v: { shareScope?: ShareScope; publicPreferenceId?: number | null },
  ctx: z.RefinementCtx,
) => {
  if (v.shareScope === 'public' && v.publicPreferenceId == null) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['publicPreferenceId'], message: 'required_field' });
  }
};

export const Preference = PreferenceFields.superRefine(publicNeedsCustomer);
export type Preference = z.infer<typeof Preference>;

/** A list entry: `value` only when the list was asked with includedDetail. */
export const PreferenceListItem = PreferenceFields.partial({ value: true });
export type PreferenceListItem = z.infer<typeof PreferenceListItem>;

/** A saved view's own id: never the initial layout. */
const SavedPreferenceId = z.number().int().positive().max(INT32_MAX);

/** POST Users/preference: the server assigns the id and the owner. */
export const PreferenceCreate = PreferenceFields.omit({ preferenceId: true, userId: true })
  .extend({
    shareScope: ShareScope.default('private'),
    publicPreferenceId: z.number().int().positive().max(INT32_MAX).nullable(),
  })
  .superRefine(publicNeedsCustomer);
export type PreferenceCreate = z.infer<typeof PreferenceCreate>;

/** PUT Users/preference: only the owner may update (spec 3 section 6); the key does not change. */
export const PreferenceUpdate = PreferenceFields.omit({
  userId: true,
  preferenceKey: true,
  shareScope: true,
  publicPreferenceId: true,
}).extend({ preferenceId: SavedPreferenceId });
export type PreferenceUpdate = z.infer<typeof PreferenceUpdate>;

/** PUT Users/preference/default: preferenceId -1 means "no saved default" (spec 3 section 7). */
export const PreferenceDefault = z.object({
  preferenceId: z.number().int().min(INITIAL_LAYOUT_PREFERENCE_ID),
  preferenceKey: PreferenceKey,
});
export type PreferenceDefault = z.infer<typeof PreferenceDefault>;

/** PUT users/preference/scope: toggles private and public (spec 3 section 4). */
export const PreferenceScope = z
  .object({
    preferenceId: SavedPreferenceId,
    shareScope: ShareScope,
    publicPreferenceId: z.number().int().positive().max(INT32_MAX).nullable(),
  })
  .superRefine(publicNeedsCustomer);
export type PreferenceScope = z.infer<typeof PreferenceScope>;

/** `keys` is a comma-separated list of preference keys (a query string carries no arrays). */
const PreferenceKeyList = z
  .string()
  .max(PREFERENCE_KEYS_MAX * 65)
  .transform((v) =>
    v
      .split(',')
      .map((k) => k.trim())
      .filter((k) => k !== ''),
  )
  .pipe(z.array(PreferenceKey).min(1).max(PREFERENCE_KEYS_MAX));

const PreferenceIdParams = z.object({ id: z.coerce.number().int().positive().max(INT32_MAX) });

export const preferencesContract = c.router(
  {
    list: {
      method: 'GET',
      path: '/api/users/preference',
      query: withCommonQuery({
        keys: PreferenceKeyList,
        /** With the `value` of each view. */
        includedDetail: queryBoolean.default(false),
        /** Also the public views shared with this customer (the current one only). */
        publicPreferenceId: z.coerce.number().int().positive().max(INT32_MAX).optional(),
      }),
      responses: { 200: envelope(z.array(PreferenceListItem)), ...standardErrors },
      summary: "The signed-in user's views and settings for the given keys, plus the public views of the customer",
      metadata: signedIn('ownAccount'),
    },
    create: {
      method: 'POST',
      path: '/api/Users/preference',
      query: withCommonQuery({}),
      body: PreferenceCreate,
      responses: { 200: envelope(Preference), ...standardErrors },
      summary: 'Save a new view or setting of the signed-in user',
      metadata: signedIn('ownAccount'),
    },
    update: {
      method: 'PUT',
      path: '/api/Users/preference',
      query: withCommonQuery({}),
      body: PreferenceUpdate,
      responses: { 200: envelope(Preference), ...standardErrors },
      summary: "Update one of the signed-in user's own views (name, value, default flag)",
      metadata: signedIn('ownAccount'),
    },
    setDefault: {
      method: 'PUT',
      path: '/api/Users/preference/default',
      query: withCommonQuery({}),
      body: PreferenceDefault,
      responses: { 200: envelope(z.null()), ...standardErrors },
      summary: 'Make a view the default of its key (-1: the initial layout)',
      metadata: signedIn('ownAccount'),
    },
    setScope: {
      method: 'PUT',
      path: '/api/users/preference/scope',
      query: withCommonQuery({}),
      body: PreferenceScope,
      responses: { 200: envelope(Preference), ...standardErrors },
      summary: 'Share an own view with the customer (public) or make it private again',
      metadata: signedIn('ownAccount'),
    },
    remove: {
      method: 'DELETE',
      path: '/api/Users/preference/:id',
      pathParams: PreferenceIdParams,
      query: withCommonQuery({}),
      responses: { 200: envelope(z.null()), ...standardErrors },
      summary: 'Delete an own saved view; the initial layout (-1) cannot be deleted',
      metadata: signedIn('ownAccount'),
    },
    hide: {
      method: 'DELETE',
      path: '/api/Users/preference/hidden/:id',
      pathParams: PreferenceIdParams,
      query: withCommonQuery({}),
      responses: { 200: envelope(z.null()), ...standardErrors },
      summary: "Hide another user's public view from the signed-in user's list",
      metadata: signedIn('ownAccount'),
    },
  },
  { strictStatusCodes: true },
);
