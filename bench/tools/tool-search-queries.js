'use strict';
// Queries for the tool-search benchmark over a generated tool set (generate/tool-set.js): a
// third name one tool (its collection number and the noun of its parameters: that tool must
// come first), a third are common words every tool carries (every posting list is walked: the
// slow case), a third mix both with words no tool has.
const { parseToolSet } = require('../generate/tool-set');

const NOUNS = ['region', 'owner', 'status', 'label', 'score', 'folder', 'branch', 'account', 'channel', 'stage', 'vendor', 'metric'];
const COMMON = [
  'look up records',
  'records in a collection',
  'text to look for',
  'match whole words only',
  'most results to return',
  'sort order labels',
];
const UNKNOWN = ['quantum', 'zebra', 'invoice', 'weather', 'teleport', 'saxophone'];

/** `count` queries over the tool set, deterministic. */
function searchQueries(count, toolSet) {
  const { extra } = parseToolSet(toolSet);
  const queries = [];
  let seed = 7;
  const next = (n) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  for (let i = 0; i < count; i++) {
    const tool = next(extra);
    const noun = NOUNS[tool % NOUNS.length];
    if (i % 3 === 0) queries.push({ kind: 'naming', query: `find the ${noun} ${tool} in collection ${tool}`, expect: `lookup_${tool}` });
    else if (i % 3 === 1) queries.push({ kind: 'common', query: COMMON[next(COMMON.length)] });
    else queries.push({ kind: 'mixed', query: `${UNKNOWN[next(UNKNOWN.length)]} ${COMMON[next(COMMON.length)]} ${noun}` });
  }
  return queries;
}

module.exports = { searchQueries };
