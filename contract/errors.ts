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

/** HTTP-level errorCode values in non-200 bodies. */
export const HttpErrorCode = {
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  TooManyRequests: 429,
  ServerError: 500,
} as const;
