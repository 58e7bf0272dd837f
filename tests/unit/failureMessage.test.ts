import { describe, expect, it } from 'vitest';
import { ErrorCode, GLOBAL_ERROR_CODES, MessageKey } from '../../contract/errors';
import { FILE_SIZE_MESSAGE, FILE_TYPE_MESSAGE, STORAGE_QUOTA_MESSAGE } from '../../contract/images';
import { MAIL_QUOTA_PER_HOUR } from '../../contract/limits';
import { failureMessage, fieldMessagesOf, generalMessageOf, type FailureRules } from '../../web/src/lib/failureMessage';
import { TransferFailure } from '../../web/src/lib/fileUpload';
import { RequestFailure, type RequestError } from '../../web/src/lib/requestErrors';

type Field = 'country' | 'attachment' | 'equipment';

const TOO_LARGE = { key: FILE_SIZE_MESSAGE, values: { maxSize: 5 } };
const WRONG_TYPE = { key: FILE_TYPE_MESSAGE };

const rules: FailureRules<Field> = {
  failed: { key: 'form:failed' },
  refused: { key: 'form:refused' },
  byErrorCode: { [ErrorCode.EquipmentNotFound]: { key: 'errorMessage:error_msg_10002', field: 'equipment' } },
  byRefusal: { unknown_country: { key: 'unknown_country', field: 'country' } },
  upload: { field: 'attachment', tooLarge: TOO_LARGE, wrongType: WRONG_TYPE, failed: { key: 'form:upload_failed' } },
};
const { upload: _upload, ...withoutUpload } = rules;
/** Only what every call must name: the rest falls back to it or to the app-wide messages. */
const bare: FailureRules = { failed: { key: 'call:failed' } };
const precise: FailureRules = {
  failed: { key: 'call:failed' },
  refused: { key: 'call:refused' },
  notAllowed: { key: 'call:not_allowed' },
  notFound: { key: 'call:gone' },
  otherwise: { key: 'call:broken' },
};

const failure = (error: RequestError) => new RequestFailure(error);
const api = (errorCode: number) => failure({ kind: 'api', errorCode });
const http = (status: number, errorMessage?: string) =>
  failure({ kind: 'http', status, statusText: 'x', errorMessage });

describe('failureMessage', () => {
  it('says nothing of an aborted call or upload, nor of what the session hand-over answers', () => {
    expect(failureMessage(failure({ kind: 'aborted' }), rules)).toBeNull();
    expect(failureMessage(new TransferFailure('aborted'), rules)).toBeNull();
    expect(failureMessage(http(401), rules)).toBeNull();
    for (const code of GLOBAL_ERROR_CODES) expect(failureMessage(api(code), rules)).toBeNull();
  });

  it('words network, throttling and server failures the same for every call', () => {
    const network = { key: 'errorMessage:network_error' };
    expect(failureMessage(new Error('offline'), bare)).toEqual(network);
    expect(failureMessage(failure({ kind: 'network', errorCode: ErrorCode.Network, cause: null }), bare)).toEqual(
      network,
    );
    expect(failureMessage(new TransferFailure(0), rules)).toEqual(network);
    expect(failureMessage(http(429), bare)).toEqual({ key: 'errorMessage:too_many_requests' });
    expect(failureMessage(http(500), bare)).toEqual({ key: 'errorMessage:system_error' });
    expect(failureMessage(http(404), bare)).toEqual({ key: 'errorMessage:system_error' });
  });

  it('says when a call past the hourly mail quota can go through, in whole minutes', () => {
    const quota = (retryAfter?: number) =>
      failure({ kind: 'http', status: 429, statusText: 'x', errorMessage: MessageKey.mailQuota, retryAfter });
    expect(failureMessage(quota(541), bare)).toEqual({
      key: MessageKey.mailQuota,
      values: { limit: MAIL_QUOTA_PER_HOUR, minutes: 10 },
    });
    expect(failureMessage(quota(), bare)?.values?.minutes).toBe(60);
  });

  it("uses the call's own words for a business error, a refusal, a 403, a 404 and any other status", () => {
    expect(failureMessage(api(99999), precise)).toEqual({ key: 'call:failed' });
    expect(failureMessage(http(400), precise)).toEqual({ key: 'call:refused' });
    expect(failureMessage(http(403), precise)).toEqual({ key: 'call:not_allowed' });
    expect(failureMessage(http(404), precise)).toEqual({ key: 'call:gone' });
    expect(failureMessage(http(502), precise)).toEqual({ key: 'call:broken' });
  });

  it('falls back from a 403 to the refusal, and from a refusal to the business failure', () => {
    expect(failureMessage(http(403), rules)).toEqual({ key: 'form:refused' });
    expect(failureMessage(http(403), bare)).toEqual({ key: 'call:failed' });
    expect(failureMessage(http(400), bare)).toEqual({ key: 'call:failed' });
  });

  it("puts the call's business errors and refusals next to their field, the rest above the form", () => {
    expect(failureMessage(api(ErrorCode.EquipmentNotFound), rules)).toEqual({
      key: 'errorMessage:error_msg_10002',
      field: 'equipment',
    });
    expect(failureMessage(api(99999), rules)).toEqual({ key: 'form:failed' });
    expect(failureMessage(http(400, 'unknown_country'), rules)).toEqual({ key: 'unknown_country', field: 'country' });
    expect(failureMessage(http(400, 'toString'), rules)).toEqual({ key: 'form:refused' });
    expect(failureMessage(http(400), rules)).toEqual({ key: 'form:refused' });
  });

  it('puts an upload refused by the store or the server on the upload field', () => {
    expect(failureMessage(new TransferFailure(413), rules)).toEqual({ ...TOO_LARGE, field: 'attachment' });
    expect(failureMessage(new TransferFailure(415), rules)).toEqual({ ...WRONG_TYPE, field: 'attachment' });
    expect(failureMessage(new TransferFailure(503), rules)).toEqual({ key: 'form:upload_failed' });
    expect(failureMessage(http(400, FILE_SIZE_MESSAGE), rules)).toEqual({ ...TOO_LARGE, field: 'attachment' });
    expect(failureMessage(http(400, FILE_TYPE_MESSAGE), rules)).toEqual({ ...WRONG_TYPE, field: 'attachment' });
  });

  it('says an upload without a field of its own above the form', () => {
    const upload = { tooLarge: TOO_LARGE, wrongType: WRONG_TYPE, failed: { key: 'call:upload_failed' } };
    expect(failureMessage(new TransferFailure(413), { ...bare, upload })).toEqual(TOO_LARGE);
    expect(failureMessage(http(400, FILE_TYPE_MESSAGE), { ...bare, upload })).toEqual(WRONG_TYPE);
  });

  it("an upload beyond the user's storage quota says so, with or without an upload", () => {
    const quota = { key: `errorMessage:${STORAGE_QUOTA_MESSAGE}` };
    expect(failureMessage(http(400, STORAGE_QUOTA_MESSAGE), rules)).toEqual(quota);
    expect(failureMessage(http(400, STORAGE_QUOTA_MESSAGE), withoutUpload)).toEqual(quota);
  });

  it('without an upload, file refusals are plain refusals and a failed transfer a system error', () => {
    expect(failureMessage(http(400, FILE_TYPE_MESSAGE), withoutUpload)).toEqual({ key: 'form:refused' });
    expect(failureMessage(new TransferFailure(413), withoutUpload)).toEqual({ key: 'errorMessage:system_error' });
  });
});

describe('the form parts of a failure', () => {
  it('a message on a field goes next to that field, any other above the form', () => {
    const onField = failureMessage(http(400, 'unknown_country'), rules);
    expect(fieldMessagesOf(onField)).toEqual({ country: { key: 'unknown_country' } });
    expect(generalMessageOf(onField)).toBeNull();
    const general = failureMessage(http(403), rules);
    expect(fieldMessagesOf(general)).toEqual({});
    expect(generalMessageOf(general)).toEqual({ key: 'form:refused' });
    expect(fieldMessagesOf(null)).toEqual({});
    expect(generalMessageOf(null)).toBeNull();
  });
});
