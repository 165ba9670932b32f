'use strict';
// The import graph of a package's src/: which files import which (relative imports only, type
// imports included: a type cycle still ties two folders together), folded to folders (the first
// directory under src/; files at the root of src/ are "."). Cycles are the strongly connected
// components with more than one member; a file circle must be broken, or baselined as a whole
// with the reason it stays. Used by scripts/check-import-graph.js and its test.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*'(\.{1,2}\/[^']*)'|import\(\s*'(\.{1,2}\/[^']*)'\s*\)|require\(\s*'(\.{1,2}\/[^']*)'\s*\)/g;

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

function resolveImport(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts')]) if (fs.existsSync(candidate)) return candidate;
  return undefined;
}

/** { files: Map<file, Set<file>>, folders: Map<folder, Set<folder>> } for packages/<name>/src. */
function packageGraph(name) {
  const src = path.join(ROOT, 'packages', name, 'src');
  const files = new Map();
  const folders = new Map();
  const folderOf = (file) => {
    const rel = path.relative(src, file).split(path.sep);
    return rel.length > 1 ? rel[0] : '.';
  };
  for (const file of sourceFiles(src)) {
    const text = fs.readFileSync(file, 'utf8');
    const targets = new Set();
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveImport(file, match[1] || match[2] || match[3]);
      if (target !== undefined) targets.add(target);
    }
    files.set(path.relative(src, file), new Set([...targets].map((t) => path.relative(src, t))));
    const from = folderOf(file);
    if (!folders.has(from)) folders.set(from, new Set());
    for (const target of targets) if (folderOf(target) !== from) folders.get(from).add(folderOf(target));
  }
  return { files, folders };
}

/** Strongly connected components of more than one node (Tarjan), each sorted, in a stable order. */
function cycles(graph) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const found = [];
  const visit = (node) => {
    state.set(node, { index, low: index, onStack: true });
    index++;
    stack.push(node);
    for (const next of graph.get(node) || []) {
      if (!state.has(next)) {
        visit(next);
        state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
      } else if (state.get(next).onStack) {
        state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
      }
    }
    if (state.get(node).low === state.get(node).index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        state.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

/** The edges of a component, for a message: "a -> b (file.ts -> other.ts)". */
function explain(graph, component) {
  const members = new Set(component);
  const lines = [];
  for (const from of component) for (const to of graph.get(from) || []) if (members.has(to)) lines.push(`${from} -> ${to}`);
  return lines;
}

module.exports = { packageGraph, cycles, explain };

/** The packages whose folder graph must stay acyclic (beyond the recorded baseline). */
const CHECKED_PACKAGES = ['core', 'http', 'di'];
const BASELINE = path.join(ROOT, 'scripts', 'import-graph-baseline.json');

/** What a `--write` puts where a baselined file circle needs its reason; the check refuses it. */
const NO_REASON = 'TODO: say why this circle stays, or break it';

/**
 * Every edge that lies on a cycle, per package and level, and the file circles themselves
 * (each a sorted list of files): { core: { folders: ["a -> b"], files: [...], circles: [[...]] } }.
 * Sorted, so it can be compared with the committed baseline.
 */
function cycleEdges() {
  const result = {};
  for (const name of CHECKED_PACKAGES) {
    const { files, folders } = packageGraph(name);
    const fileCycles = cycles(files);
    result[name] = {
      folders: cycles(folders)
        .flatMap((component) => explain(folders, component))
        .sort(),
      files: fileCycles.flatMap((component) => explain(files, component)).sort(),
      circles: fileCycles,
    };
  }
  return result;
}

/**
 * The baseline for `current`: its edges, and each file circle with the reason it stays (kept
 * from `previous` when the circle was already there, else `NO_REASON`, which the check refuses).
 */
function baselineOf(current, previous) {
  const result = {};
  for (const name of CHECKED_PACKAGES) {
    const known = new Map(((previous[name] && previous[name].circles) || []).map((c) => [c.files.join(' '), c.reason]));
    result[name] = {
      folders: current[name].folders,
      files: current[name].files,
      circles: current[name].circles.map((files) => ({ files, reason: known.get(files.join(' ')) || NO_REASON })),
    };
  }
  return result;
}

/**
 * Problems against the baseline: new cycle edges (a regression), baseline edges no longer on a
 * cycle (update it), and every file circle that is not baselined, as a whole, with a reason.
 */
function compareWithBaseline(current, baseline) {
  const problems = [];
  for (const name of CHECKED_PACKAGES) {
    for (const level of ['folders', 'files']) {
      const known = new Set((baseline[name] && baseline[name][level]) || []);
      const now = new Set(current[name][level]);
      for (const edge of now) if (!known.has(edge)) problems.push(`new ${level} cycle edge in packages/${name}/src: ${edge}`);
      for (const edge of known)
        if (!now.has(edge))
          problems.push(`packages/${name}/src: ${edge} is no longer on a cycle: remove it from scripts/import-graph-baseline.json`);
    }
    const reasons = new Map(((baseline[name] && baseline[name].circles) || []).map((c) => [c.files.join(' '), c.reason]));
    const now = new Set(current[name].circles.map((files) => files.join(' ')));
    for (const circle of now) {
      const reason = reasons.get(circle);
      if (reason === undefined) problems.push(`file circle in packages/${name}/src: ${circle} (break it, or baseline it with a reason)`);
      else if (typeof reason !== 'string' || reason.trim().length < 20 || reason === NO_REASON)
        problems.push(`file circle in packages/${name}/src: ${circle} is baselined without a reason: say why it stays`);
    }
    for (const circle of reasons.keys())
      if (!now.has(circle))
        problems.push(`packages/${name}/src: the circle ${circle} is gone: remove it from scripts/import-graph-baseline.json`);
  }
  return problems;
}

module.exports.CHECKED_PACKAGES = CHECKED_PACKAGES;
module.exports.BASELINE = BASELINE;
module.exports.NO_REASON = NO_REASON;
module.exports.cycleEdges = cycleEdges;
module.exports.baselineOf = baselineOf;
module.exports.compareWithBaseline = compareWithBaseline;
