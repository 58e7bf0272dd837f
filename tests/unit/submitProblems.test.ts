import { describe, expect, it } from 'vitest';
import { ErrorCode, GLOBAL_ERROR_CODES, MessageKey } from '../../contract/errors';
import { FILE_SIZE_MESSAGE, FILE_TYPE_MESSAGE, STORAGE_QUOTA_MESSAGE } from '../../contract/images';
import { MAIL_QUOTA_PER_HOUR } from '../../contract/limits';
import { TransferFailure } from '../../web/src/lib/fileUpload';
import { RequestFailure, type RequestError } from '../../web/src/lib/requestErrors';
import { submitProblemOf, type SubmitProblemRules } from '../../web/src/lib/submitProblems';

type Field = 'country' | 'attachment' | 'equipment';

const TOO_LARGE = { key: FILE_SIZE_MESSAGE, values: { maxSize: 5 } };
const WRONG_TYPE = { key: FILE_TYPE_MESSAGE };

const rules: SubmitProblemRules<Field> = {
  failed: 'form:failed',
  refused: 'form:refused',
  errorCodes: { [ErrorCode.EquipmentNotFound]: { equipment: { key: 'errorMessage:error_msg_10002' } } },
  refusals: { unknown_country: { country: { key: 'unknown_country' } } },
  upload: { field: 'attachment', tooLarge: TOO_LARGE, wrongType: WRONG_TYPE, failed: 'form:upload_failed' },
};
const { upload: _upload, ...withoutUpload } = rules;

const failure = (error: RequestError) => new RequestFailure(error);
const http = (status: number, errorMessage?: string) =>
  failure({ kind: 'http', status, statusText: 'x', errorMessage });

describe('submitProblemOf', () => {
  it('says nothing of an aborted call or upload, nor of what the session hand-over answers', () => {
    expect(submitProblemOf(failure({ kind: 'aborted' }), rules)).toBeNull();
    expect(submitProblemOf(new TransferFailure('aborted'), rules)).toBeNull();
    expect(submitProblemOf(http(401), rules)).toBeNull();
    expect(submitProblemOf(failure({ kind: 'api', errorCode: GLOBAL_ERROR_CODES[0]! }), rules)).toBeNull();
  });

  it('words network, throttling and server failures the same for every form', () => {
    const network = { general: { key: 'errorMessage:network_error' } };
    expect(submitProblemOf(new Error('offline'), rules)).toEqual(network);
    expect(submitProblemOf(new TransferFailure(0), rules)).toEqual(network);
    expect(submitProblemOf(http(429), rules)).toEqual({ general: { key: 'errorMessage:too_many_requests' } });
    expect(submitProblemOf(http(500), rules)).toEqual({ general: { key: 'errorMessage:system_error' } });
  });

  it('says when a call past the hourly mail quota can go through, in whole minutes', () => {
    const quota = (retryAfter?: number) =>
      failure({ kind: 'http', status: 429, statusText: 'x', errorMessage: MessageKey.mailQuota, retryAfter });
    expect(submitProblemOf(quota(541), rules)).toEqual({
      general: { key: MessageKey.mailQuota, values: { limit: MAIL_QUOTA_PER_HOUR, minutes: 10 } },
    });
    expect(submitProblemOf(quota(), rules)?.general?.values?.minutes).toBe(60);
  });

  it("puts the form's business errors and refusals next to their field, the rest above the form", () => {
    expect(submitProblemOf(failure({ kind: 'api', errorCode: ErrorCode.EquipmentNotFound }), rules)).toEqual({
      fields: { equipment: { key: 'errorMessage:error_msg_10002' } },
    });
    expect(submitProblemOf(failure({ kind: 'api', errorCode: 99999 }), rules)).toEqual({
      general: { key: 'form:failed' },
    });
    expect(submitProblemOf(http(400, 'unknown_country'), rules)).toEqual({
      fields: { country: { key: 'unknown_country' } },
    });
    expect(submitProblemOf(http(400, 'toString'), rules)).toEqual({ general: { key: 'form:refused' } });
    expect(submitProblemOf(http(400), rules)).toEqual({ general: { key: 'form:refused' } });
    expect(submitProblemOf(http(403), rules)).toEqual({ general: { key: 'form:refused' } });
  });

  it('puts an upload refused by the store or the server on the attachment field', () => {
    expect(submitProblemOf(new TransferFailure(413), rules)).toEqual({ fields: { attachment: TOO_LARGE } });
    expect(submitProblemOf(new TransferFailure(415), rules)).toEqual({ fields: { attachment: WRONG_TYPE } });
    expect(submitProblemOf(new TransferFailure(503), rules)).toEqual({ general: { key: 'form:upload_failed' } });
    expect(submitProblemOf(http(400, FILE_SIZE_MESSAGE), rules)).toEqual({ fields: { attachment: TOO_LARGE } });
    expect(submitProblemOf(http(400, FILE_TYPE_MESSAGE), rules)).toEqual({ fields: { attachment: WRONG_TYPE } });
  });

  it("an upload beyond the user's storage quota says so, with or without an upload field", () => {
    const quota = { general: { key: `errorMessage:${STORAGE_QUOTA_MESSAGE}` } };
    expect(submitProblemOf(http(400, STORAGE_QUOTA_MESSAGE), rules)).toEqual(quota);
    expect(submitProblemOf(http(400, STORAGE_QUOTA_MESSAGE), withoutUpload)).toEqual(quota);
  });

  it('without an upload, file refusals are plain refusals and a failed transfer a network error', () => {
    expect(submitProblemOf(http(400, FILE_TYPE_MESSAGE), withoutUpload)).toEqual({ general: { key: 'form:refused' } });
    expect(submitProblemOf(new TransferFailure(413), withoutUpload)).toEqual({
      general: { key: 'errorMessage:network_error' },
    });
  });
});
