'use strict';
// The `armature, bundled` rows of the serverless scenario: the bench project of a tool set packed
// into one file by `armature bundle` (docs/cli.md, "armature bundle"), started as
// `node <runner>`. The entry packed is the same server the other rows start through
// http-main.js (`listenHttp` on 127.0.0.1, an OS-chosen port, the ready line, SIGTERM), written
// into the project's build output beside its manifest, where core looks a packed app's handlers up.
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { CLI } = require('../generate/armature-project');
const { armatureProjectDir } = require('./armature-app');

const LIB = path.join(__dirname, '..', 'lib');

function entryText() {
  return [
    `'use strict';`,
    `// Written by bench/servers/armature-bundled.js, packed by armature bundle.`,
    `const { installProbe } = require(${JSON.stringify(path.join(LIB, 'probe'))});`,
    `const { serveUntilStopped, runMain } = require(${JSON.stringify(path.join(LIB, 'serve-until-stopped'))});`,
    `const { listenHttp } = require('@armature/http');`,
    `const { createBenchApp } = require('./src/bench.app');`,
    `runMain(async () => {`,
    `  installProbe();`,
    `  const app = await createBenchApp();`,
    `  const handle = await listenHttp(app, { host: '127.0.0.1', port: 0 });`,
    `  serveUntilStopped(handle.url, () => handle.close(1000).then(() => app.close()));`,
    `});`,
    ``,
  ].join('\n');
}

/** Packs the tool set's bench project (built already); returns the runner to start. Its code cache is written by the first start. */
function bundleArmatureApp(toolSet) {
  const dist = path.join(armatureProjectDir(toolSet), 'dist');
  const entry = path.join(dist, 'serve-http-2026.js');
  fs.writeFileSync(entry, entryText());
  for (const name of fs.readdirSync(dist)) if (/^serve-http-2026\.bundle\.packed-.*\.cache$/.test(name)) fs.rmSync(path.join(dist, name));
  execFileSync(process.execPath, [CLI, 'bundle', entry], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 120_000 });
  return path.join(dist, 'serve-http-2026.bundle.js');
}

module.exports = { bundleArmatureApp };
