'use strict';
// Command line of `npm run bench`: `--quick`, `--only a,b`, `--reps N`, `--out dir`.
const path = require('node:path');

const SCENARIOS = ['in-process', 'stdio', 'http', 'http-2026', 'proxy', 'startup', 'serverless', 'session-heap', 'build'];

const USAGE = `Usage: node bench/run.js [--quick] [--only ${SCENARIOS.join(',')}] [--reps N] [--out dir]
  --quick   one short run of every scenario (under a minute); results go to bench/results/quick/
  --only    run only these scenarios (comma-separated)
  --reps    repeated runs per measurement (default 5, quick 1)
  --out     where to write results (default bench/results, quick: bench/results/quick)`;

function parseOptions(argv) {
  const options = { quick: false, only: SCENARIOS, reps: undefined, out: undefined, help: false };
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].includes('=') ? argv[i].split(/=(.*)/s, 2) : [argv[i], undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${name} needs a value\n${USAGE}`);
      return v;
    };
    if (name === '--quick') options.quick = true;
    else if (name === '--only')
      options.only = value()
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    else if (name === '--reps') options.reps = Number(value());
    else if (name === '--out') options.out = path.resolve(value());
    else if (name === '--help' || name === '-h') options.help = true;
    else throw new Error(`unknown option ${name}\n${USAGE}`);
  }
  for (const s of options.only) if (!SCENARIOS.includes(s)) throw new Error(`unknown scenario ${s}\n${USAGE}`);
  if (options.reps !== undefined && !(Number.isInteger(options.reps) && options.reps >= 1 && options.reps <= 50)) {
    throw new Error('--reps must be an integer from 1 to 50');
  }
  options.reps ??= options.quick ? 1 : 5;
  options.out ??= path.join(__dirname, '..', 'results', ...(options.quick ? ['quick'] : []));
  return options;
}

module.exports = { parseOptions, SCENARIOS, USAGE };
