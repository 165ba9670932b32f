'use strict';
// Number formatting shared by the markdown report and the chart.

/** About three significant digits, thousands separated; '—' for missing values. */
function fmt(value, digits = 3) {
  if (value === undefined || value === null || !Number.isFinite(value)) return '—';
  const abs = Math.abs(value);
  if (abs >= 1000) return Math.round(value).toLocaleString('en-US');
  if (abs === 0) return '0';
  const decimals = Math.max(0, digits - 1 - Math.floor(Math.log10(abs)));
  return value.toFixed(Math.min(decimals, 4));
}

/** A ratio as "3.42×". */
function times(value) {
  return Number.isFinite(value) ? `${fmt(value)}×` : '—';
}

/** A spread percentage as "±4.1%" (half of max−min over the median). */
function spread(summary) {
  return summary && Number.isFinite(summary.spreadPct) && summary.runs.length > 1 ? `±${fmt(summary.spreadPct / 2, 2)}%` : '—';
}

module.exports = { fmt, times, spread };
