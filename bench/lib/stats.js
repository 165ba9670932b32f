'use strict';
// Small statistics helpers: medians of repeated runs and percentiles of latency samples.

/** Sorted copy of numeric samples. */
function sorted(values) {
  return Float64Array.from(values).sort();
}

/** The q-quantile (0..1) of samples, nearest-rank; NaN for no samples. */
function quantile(values, q) {
  if (values.length === 0) return NaN;
  const s = sorted(values);
  const rank = Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1));
  return s[rank];
}

/** Several quantiles with one sort. */
function quantiles(values, qs) {
  if (values.length === 0) return qs.map(() => NaN);
  const s = sorted(values);
  return qs.map((q) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]);
}

function median(values) {
  if (values.length === 0) return NaN;
  const s = sorted(values);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * Median and spread of one metric over repeated runs: `spreadPct` is (max − min) / median,
 * the honest "how much did the runs disagree" number for a handful of runs.
 */
function summarize(values) {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return { median: NaN, min: NaN, max: NaN, spreadPct: NaN, runs: values };
  const mid = median(finite);
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  return { median: mid, min, max, spreadPct: mid === 0 ? 0 : ((max - min) / Math.abs(mid)) * 100, runs: values };
}

/** Summarizes every numeric field that the run records share. */
function summarizeRuns(runs) {
  const out = {};
  if (runs.length === 0) return out;
  for (const key of Object.keys(runs[0])) {
    if (typeof runs[0][key] === 'number') out[key] = summarize(runs.map((r) => r[key]));
  }
  return out;
}

module.exports = { quantile, quantiles, median, summarize, summarizeRuns };
