/** How deep a request's JSON may nest: the contract's deepest body is far shallower. */
export const MAX_JSON_DEPTH = 32;

export type ShapeProblem = 'nul' | 'depth';

/**
 * Text with a NUL character cannot be stored (PostgreSQL refuses it) and nests past any contract body: both are bad
 * input, found here once for every route. Iterative, so a hostile nesting cannot exhaust the stack.
 */
export function shapeProblem(value: unknown): ShapeProblem | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return 'nul';
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return 'depth';
    for (const [key, child] of Object.entries(v)) {
      if (key.includes('\u0000')) return 'nul';
      stack.push({ value: child, depth: depth + 1 });
    }
  }
  return null;
}
