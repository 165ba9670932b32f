'use strict';
// The import graph of a package's src/: which files import which (relative imports only, type
// imports included: a type cycle still ties two folders together), folded to folders (the first
// directory under src/; files at the root of src/ are "."). Cycles are the strongly connected
// components with more than one member; a file circle must be broken (folder cycles may be
// baselined, so that list only shrinks). Used by scripts/check-import-graph.js and its test.
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

/** The packages whose import graph must stay acyclic (folders: beyond the recorded baseline). */
const CHECKED_PACKAGES = ['core', 'http', 'di'];
const BASELINE = path.join(ROOT, 'scripts', 'import-graph-baseline.json');

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

/** The baseline for `current`: its folder cycle edges only (a file circle is never baselined). */
function baselineOf(current) {
  const result = {};
  for (const name of CHECKED_PACKAGES) result[name] = { folders: current[name].folders };
  return result;
}

/**
 * Problems against the baseline: new folder cycle edges (a regression), baseline edges no
 * longer on a cycle (update it), and every file circle (break it: there is no baseline for one).
 */
function compareWithBaseline(current, baseline) {
  const problems = [];
  for (const name of CHECKED_PACKAGES) {
    const known = new Set((baseline[name] && baseline[name].folders) || []);
    const now = new Set(current[name].folders);
    for (const edge of now) if (!known.has(edge)) problems.push(`new folders cycle edge in packages/${name}/src: ${edge}`);
    for (const edge of known)
      if (!now.has(edge))
        problems.push(`packages/${name}/src: ${edge} is no longer on a cycle: remove it from scripts/import-graph-baseline.json`);
    for (const circle of current[name].circles)
      problems.push(`file circle in packages/${name}/src: ${circle.join(' ')} (break it; a file circle cannot be baselined)`);
  }
  return problems;
}

module.exports.CHECKED_PACKAGES = CHECKED_PACKAGES;
module.exports.BASELINE = BASELINE;
module.exports.cycleEdges = cycleEdges;
module.exports.baselineOf = baselineOf;
module.exports.compareWithBaseline = compareWithBaseline;
