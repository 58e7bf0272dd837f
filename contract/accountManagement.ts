import { z } from 'zod';
import { FEATURES, FUNCTION_CODES, readsOnly, signedIn } from './access';
import { c, envelope, standardErrors, withCommonQuery } from './common';
import { LanguageCode } from './configuration';
import { MessageKey } from './errors';
import { FileIdentifier, hasAllowedExtension } from './images';
import {
  EMAIL_MAX,
  ROLE,
  type RoleId,
  INVITE_EMAIL_MAX,
  AVATAR_MAX_BYTES,
  INT32_MAX,
  PROVIDER_EMAIL_DOMAIN,
} from './limits';
import { FilterFieldsQuery, FilterFieldsResult, ListCount, ListQuery, MAX_PAGE_SIZE, cappedPaged } from './listQuery';
import { LocationDetail } from './location';
import { AccessCode } from './permissions';
import { CustomerLocation } from './users';
import { EMAIL_PATTERN, optionalText, passwordSchema, phoneSchema, requiredText } from './validation';

/**
 * User accounts: own and other users' profiles, password, avatar, privileges, the user lists and inviting a user
 * from the list (spec 3 sections 3, 5 and 7). users/me and POST Users/profile are in users.ts.
 */

/** Profile field lengths (spec 3 section 5 "Profile edit"). */
export const FIRST_NAME_MAX = 30;
export const LAST_NAME_MAX = 30;
export const OFFICE_PHONE_MAX = 20;
export const DEPARTMENT_MAX = 60;
export const JOB_TITLE_MAX = 80;

/** Avatar (spec 3 sections 5 and 9): jpeg or png, under 5 MB, 64 px thumbnail, 200x200 editor, zoom 100-200 %. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png'] as const;
export const AVATAR_EDITOR_SIZE = 200;

export const Role = z.nativeEnum(ROLE, { errorMap: () => ({ message: 'required_field' }) });

/** The user detail (spec 3 section 3): the account screen, own or another user's. */
export const UserDetail = z.object({
  userId: z.number().int().positive().max(INT32_MAX),
  emailAddress: z.string().max(EMAIL_MAX),
  firstName: z.string().max(FIRST_NAME_MAX),
  lastName: z.string().max(LAST_NAME_MAX),
  jobTitle: z.string().max(JOB_TITLE_MAX).nullable(),
  languageId: z.number().int().positive().max(INT32_MAX).nullable(),
  officePhone: z.string().max(OFFICE_PHONE_MAX).nullable(),
  department: z.string().max(DEPARTMENT_MAX).nullable(),
  avatarUrl: z.string().nullable(),
  role: Role,
  /** When the password was last changed (shown on the change-password page). */
  lastPwdChange: z.string().datetime({ offset: true }).nullable(),
  /** null while the user has not chosen a location (their name is then not a link in the lists). */
  userLocation: LocationDetail.extend({
    customer: z.object({ customerLocations: z.array(CustomerLocation) }),
  }).nullable(),
});
export type UserDetail = z.infer<typeof UserDetail>;

/** A row of the user lists (spec 3 section 3). */
export const UserRow = z.object({
  userId: z.number().int().positive().max(INT32_MAX),
  firstName: z.string().max(FIRST_NAME_MAX),
  lastName: z.string().max(LAST_NAME_MAX),
  displayName: z.string().max(FIRST_NAME_MAX + LAST_NAME_MAX + 1),
  emailAddress: z.string().max(EMAIL_MAX),
  jobTitle: z.string().max(JOB_TITLE_MAX).nullable(),
  department: z.string().max(DEPARTMENT_MAX).nullable(),
  role: Role,
  userLocation: z.object({ city: z.string().max(100), customer: z.object({ name: z.string().max(100) }) }).nullable(),
  officePhone: z.string().max(OFFICE_PHONE_MAX).nullable(),
  /** 1 once the user has signed in for the first time (shown as activation), else 0. */
  statusCode: z.union([z.literal(0), z.literal(1)]),
  currentLoginTime: z.string().datetime({ offset: true }).nullable(),
  avatarThumbnailUrl: z.string().nullable(),
  /** false for a disabled user (the admin inactive-users list). chosen: not in spec */
  isActive: z.boolean(),
});
export type UserRow = z.infer<typeof UserRow>;

/**
 * A profile edit (spec 3 section 5 "Profile edit"): own (PUT Users/profile) or another user's (PUT users/{id}).
 * Which roles may be chosen depends on who edits whom: see `allowedRoleChoices`; the server checks it too.
 */
export const ProfileEdit = z.object({
  firstName: requiredText(FIRST_NAME_MAX),
  lastName: requiredText(LAST_NAME_MAX),
  languageId: z
    .number({ required_error: 'required_field', invalid_type_error: 'required_field' })
    .int()
    .positive()
    .max(INT32_MAX),
  officePhone: phoneSchema(OFFICE_PHONE_MAX, true),
  department: requiredText(DEPARTMENT_MAX),
  role: Role,
  jobTitle: optionalText(JOB_TITLE_MAX),
  /** The city: one of the customer's locations (an option list). */
  locationId: z.number().int().positive().max(INT32_MAX).nullable().optional(),
  /** Company fields, when the screen shows them. */
  companyName: optionalText(60),
  address: optionalText(200),
  state: optionalText(30),
  zip: optionalText(30),
});
export type ProfileEdit = z.infer<typeof ProfileEdit>;

/** The own language alone (a setting of My account, saved as soon as it is chosen). shape chosen: not in spec */
export const LanguageChange = z.object({ languageId: ProfileEdit.shape.languageId });
export type LanguageChange = z.infer<typeof LanguageChange>;

/**
 * Role choices of the profile edit (spec 3 section 5): standard user and manager; an admin can only stay admin;
 * a standard user editing themself can only stay standard; only an admin (role admin or provider staff) makes
 * another user an admin (issue 12).
 */
export const allowedRoleChoices = (editedRole: RoleId, editingSelf: boolean, editorIsAdmin = false): RoleId[] => {
  if (editedRole === ROLE.Admin) return [ROLE.Admin];
  if (editingSelf && editedRole === ROLE.StandardUser) return [ROLE.StandardUser];
  return editorIsAdmin && !editingSelf
    ? [ROLE.StandardUser, ROLE.Manager, ROLE.Admin]
    : [ROLE.StandardUser, ROLE.Manager];
};

/** Another user's account may be edited or deleted only by a role above standard user (spec 3 section 6). */
export const canManageOtherUsers = (viewerRole: RoleId, viewerIsPEUser: boolean) =>
  viewerIsPEUser || viewerRole > ROLE.StandardUser;

/** Enabling an inactive user from the inactive-users list: PUT users/{id} with only this. shape chosen: not in spec */
export const EnableUser = z.object({ isActive: z.literal(true) }).strict();
export type EnableUser = z.infer<typeof EnableUser>;

/** PUT users/{id}: a profile edit, or `{ isActive: true }` to enable the user (tell them apart with `'isActive' in body`). */
export const OtherUserUpdate = z.union([ProfileEdit, EnableUser]);
export type OtherUserUpdate = z.infer<typeof OtherUserUpdate>;

/** PUT Account/password (spec 3 section 5 "Password"); 1029 wrong old password, 1007 weak new one. */
export const ChangePasswordRequest = z.object({
  oldPassword: z.string().min(1, 'required_field').max(128),
  newPassword: z.string().min(1, 'required_field').pipe(passwordSchema),
  userEmail: z.string().trim().min(1, 'required_field').max(EMAIL_MAX).regex(EMAIL_PATTERN, 'lblEmailsWarning'),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** The change-password form: the request plus the confirmation, which must match (password_not_match). */
export const ChangePasswordForm = ChangePasswordRequest.extend({
  confirmPassword: z.string().min(1, 'required_field'),
}).superRefine((v, ctx) => {
  if (v.confirmPassword !== v.newPassword) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['confirmPassword'], message: 'password_not_match' });
  }
});
export type ChangePasswordForm = z.infer<typeof ChangePasswordForm>;

export const PasswordChanged = z.object({ lastPwdChange: z.string().datetime({ offset: true }) });

/** Per-feature function codes (spec 1 section 6). */
export const PrivilegeFeature = z.enum(FEATURES);
export const PrivilegeFunction = z.enum(FUNCTION_CODES);
export const UserPrivilege = z.object({
  userPrivilege: z.array(z.object({ feature: PrivilegeFeature, functions: z.array(PrivilegeFunction) })),
});
export type UserPrivilege = z.infer<typeof UserPrivilege>;

/**
 * A picked avatar image, checked before upload and by the server (spec 3 section 5 "Avatar"): none chosen gives
 * please_upload_new_photo, a wrong type userManagement:img_type_limit, too large Attach_smaller_maxSize.
 */
export const AvatarFile = z.object(
  {
    type: z.enum(AVATAR_TYPES, { errorMap: () => ({ message: 'userManagement:img_type_limit' }) }),
    size: z.number().int().min(1, 'please_upload_new_photo').max(AVATAR_MAX_BYTES, 'Attach_smaller_maxSize'),
  },
  { required_error: 'please_upload_new_photo', invalid_type_error: 'please_upload_new_photo' },
);
export type AvatarFile = z.infer<typeof AvatarFile>;

const AvatarFileIdentifier = FileIdentifier.refine((file) => hasAllowedExtension('Avatar', file.resourceKey), {
  message: MessageKey.imageTypeLimit,
  path: ['resourceKey'],
});

/**
 * A new avatar, uploaded to storage first through signed URLs (upload kind Avatar, DESIGN.md "Files"): the image
 * and its 64 px square thumbnail, set together. The server checks that both lie in the caller's folder, are JPEG
 * or PNG by their content, and are under 5 MB; the thumbnail must be 64 x 64.
 */
export const AvatarChange = z.object({ image: AvatarFileIdentifier, thumbnail: AvatarFileIdentifier });
export type AvatarChange = z.infer<typeof AvatarChange>;

export const AvatarUrls = z.object({ avatarUrl: z.string().nullable(), avatarThumbnailUrl: z.string().nullable() });
export type AvatarUrls = z.infer<typeof AvatarUrls>;

export const CustomerUserOption = z.object({
  userId: z.number().int().positive().max(INT32_MAX),
  emailAddress: z.string().max(EMAIL_MAX),
  displayName: z.string().max(FIRST_NAME_MAX + LAST_NAME_MAX + 1),
});

/**
 * The fields of the user lists, which their filters, sort and suggestions may name, and the kind of each (spec 3
 * section 3 "User row"). `customerName` is the admin list's extra column.
 */
export const USER_LIST_FIELDS = {
  displayName: 'text',
  firstName: 'text',
  lastName: 'text',
  emailAddress: 'text',
  jobTitle: 'text',
  department: 'text',
  role: 'number',
  city: 'text',
  customerName: 'text',
  officePhone: 'text',
  statusCode: 'number',
  currentLoginTime: 'date',
} as const;
export type UserListField = keyof typeof USER_LIST_FIELDS;

/** The user list's page size, and the inactive-users modal's (spec 3 section 9). */
export const USER_PAGE_SIZE = 50; // chosen: not in spec
export const INACTIVE_USER_PAGE_SIZE = 10;
/** The order of a user list the user has not sorted. chosen: not in spec */
export const USER_DEFAULT_ORDER = { field: 'displayName', orderType: 0 } as const;

/**
 * Roles the user grid's role filter offers (spec 3 section 6): the provider's own customer has admins only, so the
 * other roles are hidden there. Which roles are hidden: not in spec.
 */
export const roleFilterChoices = (customerIsProviderDomain: boolean): RoleId[] =>
  customerIsProviderDomain ? [ROLE.Admin] : [ROLE.StandardUser, ROLE.Manager, ROLE.Admin];

/** POST users/list: the list query plus active or inactive users (spec 3 section 7). */
export const UserListQuery = ListQuery.extend({
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE),
  isActive: z.boolean().default(true),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

/** The body of users/list/count: the list's filters, keyword and active or inactive users; no page, no order. */
export const UserCountQuery = ListQuery.pick({ filterSettings: true, fullTextSearchSetting: true }).extend({
  isActive: UserListQuery.shape.isActive,
});
export type UserCountQuery = z.infer<typeof UserCountQuery>;

/** One invited address: required, trimmed, valid, max 100; every failure is valid_Email_message (spec 3 section 5). */
export const InviteEmail = z
  .string()
  .trim()
  .min(1, 'valid_Email_message')
  .max(INVITE_EMAIL_MAX, 'valid_Email_message')
  .regex(EMAIL_PATTERN, 'valid_Email_message');

/** Invite-user request from the user list (spec 3 section 3); type 1 is a portal invite. */
export const InviteUserRequest = z.object({
  emailTo: z.array(InviteEmail).min(1, 'valid_Email_message').max(50),
  locationId: z.number().int().positive().max(INT32_MAX),
  roleId: Role.default(ROLE.StandardUser),
  type: z.literal(1),
  language: LanguageCode,
});
export type InviteUserRequest = z.infer<typeof InviteUserRequest>;

/** Whether a customer's e-mail domain is the provider's own (spec 3 section 5 "Invite user"). */
export const isProviderDomain = (emailDomain: string) => emailDomain.trim().toLowerCase() === PROVIDER_EMAIL_DOMAIN;

/**
 * Roles an invitation may give (spec 3 section 5 "Invite user"): a customer whose e-mail domain is the
 * provider's own can only invite admins; others choose standard user or manager.
 */
export const inviteRoleChoices = (customerIsProviderDomain: boolean): RoleId[] =>
  customerIsProviderDomain ? [ROLE.Admin] : [ROLE.StandardUser, ROLE.Manager];

/**
 * Other users of the customer (spec 3 section 6): a manager or admin holding the user-management access code; in
 * admin mode every customer's.
 */
/** Managing the customer's users: a manager or admin holding USER_MANAGEMENT; admin mode stands in for the code. */
export const MANAGES_CUSTOMER_USERS = signedIn('customerUsers', {
  minRole: 'manager',
  accessCode: AccessCode.UserManagement,
  adminModeWidens: true,
});

const UserIdParams = z.object({ id: z.coerce.number().int().positive().max(INT32_MAX) });

export const accountManagementContract = c.router(
  {
    changePassword: {
      method: 'PUT',
      path: '/api/Account/password',
      query: withCommonQuery({}),
      body: ChangePasswordRequest,
      responses: { 200: envelope(PasswordChanged), ...standardErrors },
      summary: "Change the signed-in user's password; errorCode 1029 wrong old password, 1007 weak new password",
      metadata: signedIn('ownAccount', { page: { profileCompletion: true } }),
    },
    privilege: {
      method: 'GET',
      path: '/api/users/:userId/privilege',
      pathParams: z.object({ userId: z.coerce.number().int().positive().max(INT32_MAX) }),
      query: withCommonQuery({}),
      responses: { 200: envelope(UserPrivilege), ...standardErrors },
      summary: "A user's per-feature function codes (Reservation, ARC, Other, Equipment)",
      metadata: signedIn('ownOrCustomerUsers', { adminModeWidens: true }),
    },
    updateOwnProfile: {
      method: 'PUT',
      path: '/api/Users/profile',
      query: withCommonQuery({}),
      body: ProfileEdit,
      responses: { 200: envelope(UserDetail), ...standardErrors },
      summary: "Edit the signed-in user's own profile",
      metadata: signedIn('ownAccount'),
    },
    updateOwnLanguage: {
      method: 'PUT',
      path: '/api/Users/profile/language', // path chosen: not in spec
      query: withCommonQuery({}),
      body: LanguageChange,
      responses: { 200: envelope(UserDetail), ...standardErrors },
      summary: "Set the signed-in user's language alone, whatever else the profile still lacks",
      metadata: signedIn('ownAccount'),
    },
    get: {
      method: 'GET',
      path: '/api/users/:id',
      pathParams: UserIdParams,
      query: withCommonQuery({}),
      responses: { 200: envelope(UserDetail), ...standardErrors },
      summary: 'A user of the current customer with location and company info',
      metadata: signedIn('ownOrCustomerUsers', { adminModeWidens: true }),
    },
    update: {
      method: 'PUT',
      path: '/api/users/:id',
      pathParams: UserIdParams,
      query: withCommonQuery({}),
      body: OtherUserUpdate,
      responses: { 200: envelope(UserDetail), ...standardErrors },
      summary: "Edit another user's profile, or enable an inactive user with { isActive: true } (role above standard)",
      metadata: MANAGES_CUSTOMER_USERS,
    },
    remove: {
      method: 'DELETE',
      path: '/api/users/:id',
      pathParams: UserIdParams,
      query: withCommonQuery({}),
      responses: { 200: envelope(z.null()), ...standardErrors },
      summary: 'Delete another user of the current customer (role above standard user; never oneself)',
      metadata: MANAGES_CUSTOMER_USERS,
    },
    uploadAvatar: {
      method: 'POST',
      path: '/api/Users/profile/avatar',
      query: withCommonQuery({}),
      body: AvatarChange,
      responses: { 200: envelope(AvatarUrls), ...standardErrors },
      summary:
        "Set the signed-in user's avatar: an image and its 64 px thumbnail uploaded to storage (jpeg or png under 5 MB)",
      metadata: signedIn('ownAccount'),
    },
    customerUsers: {
      method: 'GET',
      path: '/api/users/customer/users',
      query: withCommonQuery({ keyword: z.string().trim().max(100).default('') }),
      responses: { 200: envelope(z.object({ items: z.array(CustomerUserOption) })), ...standardErrors },
      summary: 'Autocomplete: users of the current customer whose name or e-mail contains the keyword',
      metadata: signedIn('customer'),
    },
    filterFields: {
      method: 'POST',
      path: '/api/users/FilterFields',
      query: withCommonQuery({}),
      body: FilterFieldsQuery,
      responses: { 200: envelope(FilterFieldsResult), ...standardErrors },
      summary: 'Filter suggestions for columns of the user list',
      metadata: readsOnly(MANAGES_CUSTOMER_USERS),
    },
    list: {
      method: 'POST',
      path: '/api/users/list',
      query: withCommonQuery({}),
      body: UserListQuery,
      responses: { 200: envelope(cappedPaged(UserRow)), ...standardErrors },
      summary: 'A page of the user list (active or inactive users) with filters, sort and full-text search',
      metadata: readsOnly(MANAGES_CUSTOMER_USERS),
    },
    listCount: {
      method: 'POST',
      path: '/api/users/list/count',
      query: withCommonQuery({}),
      body: UserCountQuery,
      responses: { 200: envelope(ListCount), ...standardErrors },
      summary:
        "How many users match the user list's filters and keyword: exact, or a lower bound when counting took more " +
        'than its time bound (2 s); kept 60 s per customer, list version and query',
      metadata: readsOnly(MANAGES_CUSTOMER_USERS),
    },
    inviteUser: {
      method: 'POST',
      path: '/api/Users/invite-user', // path chosen: not in spec
      query: withCommonQuery({}),
      body: InviteUserRequest,
      responses: { 200: envelope(z.null()), ...standardErrors },
      summary: 'Invite a user to the current customer from the user list (sends the invitation e-mail)',
      metadata: MANAGES_CUSTOMER_USERS,
    },
  },
  { strictStatusCodes: true },
);
