/** Success and business-error answers in the envelope of DESIGN.md. */
export const ok = <T>(result: T) => ({ status: 200 as const, body: { errorCode: 0 as const, result } });

export const fail = (errorCode: number, errorMessage: string) => ({
  status: 200 as const,
  body: { errorCode, errorMessage },
});
