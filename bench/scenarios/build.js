'use strict';
// Build time of the schema manifest (10, 100, 500 tools) and the watch-mode rebuild after a
// one-line change, measured by the CLI's own benchmark script (packages/cli/bench/build-time.js,
// owned by the CLI/schema engineers), which this scenario runs and reads.
const path = require('node:path');
const fs = require('node:fs');
const { execFile } = require('node:child_process');
const os = require('node:os');
const { summarize, summarizeRuns } = require('../lib/stats');
const { writeProject, CLI } = require('../generate/armature-project');
const { armatureProjectDir } = require('../servers/armature-app');

const PEAK_RSS = path.join(__dirname, '..', 'tools', 'peak-rss.js');

const SCRIPT = path.join(__dirname, '..', '..', 'packages', 'cli', 'bench', 'build-time.js');

/** Turns `console.table` output into row objects (`'1234 ms'` → 1234). */
function parseConsoleTable(text) {
  const rows = text.split('\n').filter((l) => l.startsWith('│'));
  const cells = (line) =>
    line
      .split('│')
      .slice(1, -1)
      .map((c) => c.trim().replace(/^'(.*)'$/, '$1'));
  if (rows.length < 2) return [];
  const header = cells(rows[0]);
  return rows.slice(1).map((line) => {
    const row = {};
    cells(line).forEach((value, i) => {
      if (header[i] === '(index)') return;
      const number = /^-?\d+(\.\d+)?( ms)?$/.test(value) ? Number.parseFloat(value) : value;
      row[header[i]] = number;
    });
    return row;
  });
}

function runScript(sizes, timeoutMs) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [SCRIPT, ...sizes.map(String)], { timeout: timeoutMs, maxBuffer: 1 << 22 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`${path.relative(process.cwd(), SCRIPT)} failed: ${error.message}\n${stderr.slice(-2000)}`));
      const rows = parseConsoleTable(stdout);
      if (rows.length === 0) return reject(new Error(`no table in the output of build-time.js:\n${stdout.slice(-1000)}`));
      resolve(rows);
    });
  });
}

/** Per tool count, the median and spread of every timing column over the script's runs. */
function bySize(rows) {
  const sizes = [...new Set(rows.map((r) => r.tools))];
  return sizes.map((tools) => {
    const mine = rows.filter((r) => r.tools === tools);
    const metrics = {};
    for (const key of Object.keys(mine[0]))
      if (key !== 'tools' && typeof mine[0][key] === 'number') metrics[key] = summarize(mine.map((r) => r[key]));
    return { tools, metrics };
  });
}

/**
 * Cold `armature build` of the start-up scenario's generated distinct-schema project (10,001
 * tools; quick: 1,001): its compiled output removed first, so TypeScript, the scan, the
 * manifest and the validators are all redone. Wall time, the build process's CPU time and peak RSS.
 */
async function runLargeBuild({ budget, log, quick, reps }) {
  const toolSet = quick ? '1000' : '10000';
  const tools = Number(toolSet) + 1;
  const id = quick ? 'build/1001-tools' : 'build/10001-tools';
  const dir = armatureProjectDir(toolSet);
  const runs = [];
  const result = { server: 'armature', runs, summary: {} };
  const group = {
    id,
    kind: 'build-large',
    title: `cold \`armature build\` of the ${tools.toLocaleString('en-US')}-tool distinct-schema project`,
    results: [result],
  };
  if (!fs.existsSync(path.join(dir, 'tsconfig.json'))) writeProject(toolSet);
  const rssFile = path.join(os.tmpdir(), `armature-build-rss-${process.pid}`);
  try {
    for (let i = 0; i < (quick ? 1 : Math.min(reps, 3)); i++) {
      fs.rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
      log(`  ${id} run ${i + 1}`);
      const started = Date.now();
      await runNode([PEAK_RSS, rssFile, CLI, 'build', '-p', dir], budget.largeBuildTimeoutMs ?? 300_000);
      const usage = JSON.parse(fs.readFileSync(rssFile, 'utf8'));
      runs.push({ ms: Date.now() - started, cpuMs: usage.cpuMs, peakRssMb: usage.maxRssKb / 1024 });
    }
    result.summary = summarizeRuns(runs);
  } catch (error) {
    result.error = error.message;
    result.summary = summarizeRuns(runs);
  } finally {
    fs.rmSync(rssFile, { force: true });
  }
  return group;
}

function runNode(args, timeoutMs) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { timeout: timeoutMs, maxBuffer: 1 << 22 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`armature build failed: ${error.message}\n${stdout.slice(-1000)}${stderr.slice(-2000)}`));
      resolve(stdout);
    });
  });
}

async function runBuild({ budget, log, quick, reps }) {
  const large = await runLargeBuild({ budget, log, quick, reps });
  return [...(await runSmallBuilds({ budget, log, quick })), large];
}

async function runSmallBuilds({ budget, log, quick }) {
  const id = 'build/manifest';
  const group = (results) => [
    { id, kind: 'build', title: 'schema manifest build (armature build) and watch rebuild (armature dev)', results },
  ];
  if (!fs.existsSync(SCRIPT)) return group([{ server: 'armature', runs: [], summary: {}, error: `missing ${SCRIPT}` }]);
  const rows = [];
  try {
    // One run: the script itself takes the median of three builds per size.
    log(`  ${id} (${budget.buildSizes.join(', ')} tools)`);
    rows.push(...(await runScript(budget.buildSizes, quick ? 120_000 : 1_800_000)));
    return group([{ server: 'armature', runs: rows, summary: {}, bySize: bySize(rows) }]);
  } catch (error) {
    return group([{ server: 'armature', runs: rows, summary: {}, bySize: bySize(rows), error: error.message }]);
  }
}

module.exports = { runBuild, runLargeBuild, parseConsoleTable };
