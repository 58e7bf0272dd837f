import { describe, expect, it } from 'vitest';
import { ErrorCode, errorMessageKey, IMPORT_ROW_ERROR_COLUMN } from './errors';

describe('error catalogue', () => {
  it('holds the codes the spec names', () => {
    const codes = Object.values(ErrorCode);
    for (const code of [1029, 1007, 1041, 1084, 16006, 30005, 3014, 10002, -999, -9999]) expect(codes).toContain(code);
  });

  it('names a column for every import row code 16010 to 16033 the spec lists', () => {
    const rowCodes = [16010, ...Array.from({ length: 22 }, (_, i) => 16012 + i)];
    expect(Object.keys(IMPORT_ROW_ERROR_COLUMN).map(Number).sort()).toEqual(rowCodes);
  });

  it('gives every code its message key', () => {
    expect(errorMessageKey(ErrorCode.EquipmentNotFound)).toBe('error_msg_10002');
  });
});
