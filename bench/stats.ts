/** Nearest-rank percentile (p in 0..100) of samples; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

export function mean(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  return samples.reduce((sum, x) => sum + x, 0) / samples.length;
}

/** Rounds for the JSON results: latencies to 0.01 ms, rates to whole requests. */
export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** The middle sample (the mean of the two middle ones for an even count); NaN when there are none. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** a / b rounded, for "at the larger size / at the smaller" columns: 1 for 0 / 0, infinite for x / 0. */
export function ratio(a: number, b: number, digits = 2): number {
  return b === 0 ? (a === 0 ? 1 : Number.POSITIVE_INFINITY) : round(a / b, digits);
}
