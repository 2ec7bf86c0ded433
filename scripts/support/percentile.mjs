/** The latency figures the benchmarks and the failover test print (milliseconds in, milliseconds out). */

/** The p-th percentile (0 to 100) of `values` (sorted in place); 0 when there are none. */
export const percentile = (values, p) =>
  values.sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;
