import { vi } from 'vitest';

/** What the fuzz found: failures and notes, the server's stacks for its 5xx answers, the report of failures. */

export interface Finding {
  kind: string;
  user: string;
  fuzzCase: number;
  route: string;
  method: string;
  url: string;
  status: number;
  note: string;
  detail: string;
}

/**
 * The server logs an unhandled error with its id: keep the stack for the report (in `stacks`, by error id). Other
 * console errors go to stderr.
 */
export function keepServerErrorStacks(stacks: Map<string, string>): void {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const id = /^\[([0-9a-f-]{36})\]$/.exec(String(args[0]))?.[1];
    const err = args[1] as { stack?: string } | undefined;
    if (id) stacks.set(id, err?.stack ?? String(err));
    else process.stderr.write(`${args.map(String).join(' ')}\n`);
  });
}

/** A 5xx answer's start, and the stack the server logged for its error id. */
export function serverErrorDetail(body: string, stacks: Map<string, string>): string {
  const errorId = /"errorId":"([0-9a-f-]{36})"/.exec(body)?.[1];
  const stack = errorId ? stacks.get(errorId) : undefined;
  return `${body.slice(0, 300)}\n${stack ?? ''}`;
}

/** The first case of each kind of failure on each route (up to 10), how many more there were, and how to replay it. */
export function failureReport(failures: Finding[], seed: number): string[] {
  const groups = new Map<string, Finding[]>();
  for (const f of failures) groups.set(`${f.kind} ${f.route}`, [...(groups.get(`${f.kind} ${f.route}`) ?? []), f]);
  return [...groups.values()]
    .slice(0, 10)
    .map(
      ([f, ...more]) =>
        `${f!.kind}: ${f!.method} ${f!.url} (${f!.route}) as ${f!.user} -> ${f!.status}; ${f!.note}` +
        ` (and ${more.length} more like it)\n  replay: FUZZ_SEED=${seed} FUZZ_CASE=${f!.fuzzCase}\n  ${f!.detail}`,
    );
}
