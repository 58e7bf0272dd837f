import { z } from 'zod';

/**
 * The error catalogue (spec 1, 2 and 3, section 8). Every business error travels in the envelope as
 * `{ errorCode, errorMessage }`; the client shows the message key of the code.
 */
export const ErrorCode = {
  Ok: 0,
  /** Request-layer kinds without a server answer. */
  Network: -999,
  Unknown: -9999,
  /** Sign-in refused: unknown account or wrong password. code chosen: not in spec */
  InvalidCredentials: 1001,
  /** Sign-in refused: the account is disabled. code chosen: not in spec */
  AccountDisabled: 1002,
  WrongOldPassword: 1029,
  WeakNewPassword: 1007,
  CustomerChanged: 1041,
  LoggedInUserChanged: 1084,
  EquipmentNotFound: 10002,
  ProfileIncomplete: 16006,
  AccountRemoved: 30005,
  AssetIdLabel: 3014,
  ImportInvalidType: 16010,
  ImportInvalidClassification: 16012,
  ImportInvalidInstalledOn: 16013,
  ImportInvalidServicePriority: 16014,
  ImportInvalidPcConnectivity: 16015,
  ImportInvalidStartUpDate: 16016,
  ImportInvalidQaPriority: 16017,
  ImportInvalidSafetyPriority: 16018,
  ImportInvalidAssetGeniusFlag: 16019,
  ImportInvalidContractStart: 16020,
  ImportInvalidContractEnd: 16021,
  ImportInvalidBillingDate: 16022,
  ImportInvalidPrimaryUserPhone: 16023,
  ImportInvalidPrimaryUserEmail: 16024,
  ImportInvalidServiceCompanyPhone: 16025,
  ImportInvalidServiceCompanyEmail: 16026,
  ImportInvalidLabManagerPhone: 16027,
  ImportInvalidLabManagerEmail: 16028,
  ImportInvalidMainComponent: 16029,
  ImportInvalidIndicatorRecord: 16030,
  ImportInvalidGxp: 16031,
  ImportInvalidConstructionYear: 16032,
  ImportInvalidConstructionMonth: 16033,
  /** The instrument is already reserved for part of the period. code chosen: not in spec */
  ReservationConflict: 16201,
  /** The reservation changed since it was read (lastUpdateTime differs). code chosen: not in spec */
  ReservationChanged: 16202,
  /** An address of an invitation already has an account, of any customer. code chosen: not in spec */
  EmailAlreadyRegistered: 16301,
  /** The invitation link is unknown, expired or already used. code chosen: not in spec */
  InvitationInvalid: 16302,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Codes whose behaviour is global (spec 1 section 8): the request layer hands them to the session. */
export const GLOBAL_ERROR_CODES: readonly number[] = [
  ErrorCode.CustomerChanged,
  ErrorCode.LoggedInUserChanged,
  ErrorCode.ProfileIncomplete,
  ErrorCode.AccountRemoved,
];

/** Message key (namespace errorMessage) for a code: `error_msg_<code>`, e.g. error_msg_10002. */
export const errorMessageKey = (code: number): string => `error_msg_${code}`;

/** The column an import row code names (spec 2 section 8); a row's reasons are joined with a comma. */
export const IMPORT_ROW_ERROR_COLUMN: Readonly<Record<number, string>> = {
  [ErrorCode.ImportInvalidType]: 'type',
  [ErrorCode.ImportInvalidClassification]: 'classification',
  [ErrorCode.ImportInvalidInstalledOn]: 'installedOn',
  [ErrorCode.ImportInvalidServicePriority]: 'servicePriority',
  [ErrorCode.ImportInvalidPcConnectivity]: 'pcConnectivity',
  [ErrorCode.ImportInvalidStartUpDate]: 'startUpDate',
  [ErrorCode.ImportInvalidQaPriority]: 'qaPriority',
  [ErrorCode.ImportInvalidSafetyPriority]: 'safetyPriority',
  [ErrorCode.ImportInvalidAssetGeniusFlag]: 'assetGeniusFlag',
  [ErrorCode.ImportInvalidContractStart]: 'contractStart',
  [ErrorCode.ImportInvalidContractEnd]: 'contractEnd',
  [ErrorCode.ImportInvalidBillingDate]: 'billingDate',
  [ErrorCode.ImportInvalidPrimaryUserPhone]: 'primaryUserPhone',
  [ErrorCode.ImportInvalidPrimaryUserEmail]: 'primaryUserEmail',
  [ErrorCode.ImportInvalidServiceCompanyPhone]: 'serviceCompanyPhone',
  [ErrorCode.ImportInvalidServiceCompanyEmail]: 'serviceCompanyEmail',
  [ErrorCode.ImportInvalidLabManagerPhone]: 'labManagerPhone',
  [ErrorCode.ImportInvalidLabManagerEmail]: 'labManagerEmail',
  [ErrorCode.ImportInvalidMainComponent]: 'mainComponent',
  [ErrorCode.ImportInvalidIndicatorRecord]: 'indicatorRecord',
  [ErrorCode.ImportInvalidGxp]: 'gxp',
  [ErrorCode.ImportInvalidConstructionYear]: 'constructionYear',
  [ErrorCode.ImportInvalidConstructionMonth]: 'constructionMonth',
};

/**
 * The message keys the spec names for situations without a code (section 8 of each document, section 5 rules).
 * Schemas use them as issue messages; the client translates them.
 */
export const MessageKey = {
  requiredField: 'required_field',
  validationFailed: 'validation_failed_tip',
  emailsWarning: 'lblEmailsWarning',
  validEmail: 'valid_Email_message',
  enterOneUser: 'enter_one_user',
  requestType: 'request_type_tips',
  uploadNewPhoto: 'please_upload_new_photo',
  imageTypeLimit: 'userManagement:img_type_limit',
  attachSmallerMaxSize: 'Attach_smaller_maxSize',
  attachSmallerMaxFile: 'Attach_smaller_maxFile',
  unsupportedFileType: 'unsupported_file_type', // key chosen: not in spec
  mixLettersNumbers: 'userManagement:Mix_letters_numbers',
  passwordNotMatch: 'password_not_match',
  allCountryEmails: 'all_country_emails_warning',
  fileWrong: 'error_msg_fileWrong',
  importFailed: 'import_failed',
  endUserEmail: 'endUser_email_warning',
  deleteNotificationConfirm: 'delete_notification_confirm',
  unsavedDataConfirm: 'unsaved_data_confirm',
  enterContractNumber: 'enter_contract_number',
  calendarOsTagSelect: 'calendar_OSTag_select_err',
  calendarStartTime: 'calendar_start_time_err',
  calendarEndTime: 'calendar_end_time_err',
  calendarStartFuture: 'calendar_start_future',
  calendarEndGreater: 'calendar_end_grater',
  calendarTimePeriod: 'calendar_time_period_err',
  recurrency: 'recurrency_error',
  endByValidation: 'end_by_validation',
  openPdfNoAccess: 'inventory:open_pdf_no_access_tip',
  applicationError: 'application_error',
  equipmentNotFound: 'errorMessage:error_msg_10002',
  /** ErrorCode.EmailAlreadyRegistered. key chosen: not in spec */
  emailAlreadyRegistered: 'invite:email_already_registered',
  /** ErrorCode.InvitationInvalid. key chosen: not in spec */
  invitationInvalid: 'invite:link_invalid',
  /** The 429 errorMessage of a call past the hourly mail quota (Retry-After says when). key chosen: not in spec */
  mailQuota: 'errorMessage:mail_quota_reached',
} as const;

/** HTTP-level errorCode values in non-200 bodies. */
export const HttpErrorCode = {
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  TooManyRequests: 429,
  ServerError: 500,
} as const;

/**
 * A message the client shows: an i18n key (`namespace:key`, or a key of the default namespace) and its
 * interpolation values. Every failure, refusal and check in web/ and machines/ says what happened with one.
 */
export const UiMessage = z.object({
  key: z.string(),
  values: z.record(z.union([z.string(), z.number()])).optional(),
});
export type UiMessage = z.infer<typeof UiMessage>;
