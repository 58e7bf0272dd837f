import { HttpErrorCode } from '../../../contract/errors';

/**
 * A value the schema let through but the database cannot take (SQLSTATE class 22, data exception: an integer out
 * of range, an impossible date, text it cannot store) is the caller's bad input, answered 400; the transaction it
 * ran in is rolled back, so nothing is half-written. A statement stopped by the statement timeout is answered 503.
 */
export function databaseRefusal(error: unknown): { status: number; message: string } | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  if (code.startsWith('22')) {
    return { status: HttpErrorCode.BadRequest, message: 'The request holds a value out of range or not valid' };
  }
  if (code === '57014') return { status: 503, message: 'The request took too long and was stopped; try again' };
  return null;
}
