import { initClient } from '@ts-rest/core';
import { contract } from '../../../contract';
import { requestLayer } from './requestLayer';

/** The typed client of the whole contract; every call of the app goes through it. */
export const client = initClient(contract, {
  baseUrl: '',
  baseHeaders: {},
  api: requestLayer,
  validateResponse: false,
});

type Success<R> = R extends { status: 200; body: infer B }
  ? B extends { errorCode: 0; result: infer T }
    ? T
    : never
  : never;

/** The result of a successful call (the request layer has already turned every failure into a RequestFailure). */
export async function resultOf<R extends { status: number; body: unknown }>(call: Promise<R>): Promise<Success<R>> {
  const response = await call;
  return (response.body as { result: Success<R> }).result;
}
