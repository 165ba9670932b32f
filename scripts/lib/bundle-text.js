'use strict';
// Less text in a bundle, same lines: scripts/bundle-package.js runs `trimBundleText` on esbuild's
// output. Each line loses its indentation and a line holding only a `//` comment is emptied, so
// every line number (stack traces, the source map) stays what it was; only columns move, and
// the source map is moved with them. A cold start reads, copies and keeps the bundle's text as
// one young-generation string: core's lost about a seventh of its 811 KB (docs/performance.md,
// "Cold start"). Lines inside a template literal are left alone (their spaces are the string's).
const ts = require('typescript');

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Offsets in `text` where a template literal's text runs (between its backticks and `${ }`s). */
function templateRanges(text) {
  const file = ts.createSourceFile('bundle.js', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const ranges = [];
  const visit = (node) => {
    switch (node.kind) {
      case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
      case ts.SyntaxKind.TemplateHead:
      case ts.SyntaxKind.TemplateMiddle:
      case ts.SyntaxKind.TemplateTail:
        ranges.push([node.getStart(file), node.end]);
        return;
      default:
        ts.forEachChild(node, visit);
    }
  };
  visit(file);
  return ranges.sort((a, b) => a[0] - b[0]);
}

/** A VLQ number at the start of `segment` (a source map segment), and where it ends. */
function decodeFirst(segment) {
  let value = 0;
  let shift = 0;
  for (let i = 0; i < segment.length; i++) {
    const digit = BASE64.indexOf(segment[i]);
    value += (digit & 31) << shift;
    shift += 5;
    if ((digit & 32) === 0) return { value: value & 1 ? -(value >>> 1) : value >>> 1, end: i + 1 };
  }
  throw new Error('bundle-text: a source map segment ends mid-number');
}

/**
 * A source map line's segments with every generated column moved left by `cut` (a column that
 * pointed into the indentation now points at the line's start). A segment's first field is its
 * column relative to the segment before it on the line; its other fields are left as written.
 */
function moveColumns(line, cut) {
  let column = 0;
  let moved = 0;
  return line
    .split(',')
    .map((segment) => {
      const { value, end } = decodeFirst(segment);
      column += value;
      const next = Math.max(0, column - cut);
      const text = encode(next - moved) + segment.slice(end);
      moved = next;
      return text;
    })
    .join(',');
}

function encode(value) {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    let digit = rest & 31;
    rest >>>= 5;
    if (rest > 0) digit |= 32;
    out += BASE64[digit];
  } while (rest > 0);
  return out;
}

/**
 * `text` (esbuild's output) without indentation and with its `//`-only lines emptied, and
 * `mappings` (its source map's) with each line's columns moved by what that line lost.
 */
function trimBundleText(text, mappings) {
  const ranges = templateRanges(text);
  const mapLines = mappings.split(';');
  const lines = text.split('\n');
  let offset = 0;
  let range = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const start = offset;
    offset += line.length + 1;
    while (range < ranges.length && ranges[range][1] <= start) range++;
    if (range < ranges.length && ranges[range][0] < start) continue; // inside a template literal
    const trimmed = line.trimStart();
    const mapped = (mapLines[i] ?? '') !== '';
    // Emptied: a comment line nothing maps to (the source map's own line stays).
    const cut = !mapped && trimmed.startsWith('//') && !trimmed.startsWith('//#') ? line.length : line.length - trimmed.length;
    if (cut === 0) continue;
    lines[i] = line.slice(cut);
    if (mapped) mapLines[i] = moveColumns(mapLines[i], cut);
  }
  return { text: lines.join('\n'), mappings: mapLines.join(';') };
}

module.exports = { trimBundleText };
