/**
 * Times the calls of one benchmark and logs their p50 and p95 once a hundred are in (vitest's table stops at p75
 * and p99). A call that does not succeed fails the benchmark.
 */
export function timed(name: string) {
  const times: number[] = [];
  return async (call: () => Promise<{ status: number; body: unknown }>) => {
    const started = performance.now();
    const res = await call();
    times.push(performance.now() - started);
    if (res.status !== 200 || (res.body as { errorCode?: number }).errorCode !== 0) {
      throw new Error(JSON.stringify(res.body));
    }
    if (times.length === 100) {
      const sorted = [...times].sort((a, b) => a - b);
      console.log(`${name}: p50 ${sorted[49]!.toFixed(1)} ms, p95 ${sorted[94]!.toFixed(1)} ms over 100 calls`);
    }
  };
}
