'use strict';
// A small horizontal grouped-bar chart in SVG, log-scaled (the servers differ by orders of
// magnitude). No dependencies: the markup is written by hand.
const { fmt } = require('./format');

const COLORS = { armature: '#2f6fdf', sdk: '#d9822b', floor: '#7a7a7a' };
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * @param {{ title: string, unit: string, categories: string[], series: { name: string, values: (number|undefined)[] }[] }} spec
 * @returns {string} SVG markup
 */
function barChart({ title, unit, categories, series }) {
  const labelWidth = 330;
  const plotWidth = 540;
  const barHeight = 11;
  const groupGap = 12;
  const top = 58;
  const groupHeight = series.length * barHeight + groupGap;
  const height = top + categories.length * groupHeight + 34;
  const width = labelWidth + plotWidth + 90;
  const values = series.flatMap((s) => s.values).filter((v) => Number.isFinite(v) && v > 0);
  const lo = Math.floor(Math.log10(Math.min(...values, 1)));
  const hi = Math.ceil(Math.log10(Math.max(...values, 10)));
  const x = (v) => labelWidth + ((Math.log10(v) - lo) / Math.max(1, hi - lo)) * plotWidth;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="12" y="20" font-size="14" font-weight="bold">${esc(title)}</text>`,
    `<text x="12" y="36" fill="#555">${esc(unit)} (log scale); median of the runs</text>`,
  ];
  series.forEach((s, i) => {
    const lx = labelWidth + i * 110;
    out.push(
      `<rect x="${lx}" y="44" width="10" height="10" fill="${COLORS[s.name] ?? '#999'}"/><text x="${lx + 14}" y="53">${esc(s.name)}</text>`,
    );
  });
  for (let p = lo; p <= hi; p++) {
    const gx = x(10 ** p);
    out.push(`<line x1="${gx}" y1="${top - 4}" x2="${gx}" y2="${height - 28}" stroke="#e3e3e3"/>`);
    out.push(`<text x="${gx}" y="${height - 14}" text-anchor="middle" fill="#555">${esc(fmt(10 ** p))}</text>`);
  }
  categories.forEach((category, c) => {
    const gy = top + c * groupHeight;
    out.push(`<text x="${labelWidth - 8}" y="${gy + (series.length * barHeight) / 2 + 4}" text-anchor="end">${esc(category)}</text>`);
    series.forEach((s, i) => {
      const v = s.values[c];
      const by = gy + i * barHeight;
      if (!(Number.isFinite(v) && v > 0)) {
        out.push(`<text x="${labelWidth + 4}" y="${by + 9}" fill="#b00">${esc(s.name)}: no result</text>`);
        return;
      }
      const bx = x(v);
      out.push(
        `<rect x="${labelWidth}" y="${by}" width="${Math.max(1, bx - labelWidth)}" height="${barHeight - 2}" fill="${COLORS[s.name] ?? '#999'}"/>`,
      );
      out.push(`<text x="${bx + 4}" y="${by + 8}" font-size="9" fill="#333">${esc(fmt(v))}</text>`);
    });
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

module.exports = { barChart };
