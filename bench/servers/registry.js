'use strict';
// The three servers under test. Each can be created (`create`), then attached to an
// SDK-shaped object transport or to a pair of byte streams (stdio framing), or served over
// Streamable HTTP (2025-11-25 sessions or stateless: `onHttp`; MCP 2026-07-28 stateless:
// `onHttp2026`). Modules load lazily, so a child process loads only its server: `preload` loads
// the framework (outside the start-up clock), `loadApp` the server's own modules, handler
// classes and tool registrations included (inside the clock, as a user's app loads them).
const path = require('node:path');

const SERVER_NAMES = ['armature', 'sdk', 'floor'];
/** The 2025 HTTP scenario also measures Armature's handler mounted on plain node:http (servers/armature-mounted.js). */
const HTTP_SERVER_NAMES = ['armature', 'armature-mounted', 'sdk', 'floor'];
/** The start-up scenario also measures the SDK v2 (`@modelcontextprotocol/server`) over its stdio transport. */
const STARTUP_SERVER_NAMES = ['armature', 'sdk', 'sdk-v2', 'floor'];

/** Connects an SDK server (v1 or v2: the same API) to `transport`; resolves its closer. */
async function connectSdkServer(server, transport) {
  await server.connect(transport);
  return () => server.close();
}

/** `attachStreams` over the stdio transport exported by `stdioModule` (the SDK v1's or v2's). */
function sdkStdio(stdioModule) {
  return (server, input, output) => {
    const { StdioServerTransport } = require(stdioModule);
    return connectSdkServer(server, new StdioServerTransport(input, output));
  };
}

const servers = {
  armature: {
    preload() {
      require('reflect-metadata');
      require('@armature/di');
      require('@armature/core');
    },
    loadApp(toolSet) {
      require('./armature-app').enableAppCodeCacheWhenAsked(toolSet);
      require(require('./armature-app').armatureAppModule(toolSet));
    },
    create: (extraTools) => require('./armature-app').createArmatureApp(extraTools),
    async attachTransport(app, transport) {
      await app.connect(transport);
      return () => app.close();
    },
    async attachStreams(app, input, output) {
      const { StdioServerTransport } = require('@armature/core');
      await app.connect(new StdioServerTransport({ stdin: input, stdout: output }));
      return () => app.close();
    },
    async onHttp({ stateless, extraTools }) {
      const { listenHttp } = require('@armature/http');
      const app = await require('./armature-app').createArmatureApp(extraTools);
      // session-heap opens 1,020 sessions: above the default cap of 1,000 (docs/SECURITY.md).
      const handle = await listenHttp(app, { host: '127.0.0.1', port: 0, stateless, maxSessions: 5000 });
      return { url: handle.url, close: () => handle.close(1000).then(() => app.close()) };
    },
    // The same endpoint with default options: 2026 POSTs (no session id, 2026 version header)
    // go to the app's request-scoped kernel, 2025 traffic to sessions.
    async onHttp2026({ extraTools }) {
      require('./armature-app').enableAppCodeCacheWhenAsked(extraTools);
      const { listenHttp } = require('@armature/http');
      const app = await require('./armature-app').createArmatureApp(extraTools);
      const handle = await listenHttp(app, { host: '127.0.0.1', port: 0 });
      return { url: handle.url, close: () => handle.close(1000).then(() => app.close()) };
    },
  },
  // Armature as docs/transports.md "Mounting" shows it: `createHttpHandler(app, { stateless })`
  // with default options, on a plain `node:http` server created with node's own defaults.
  'armature-mounted': {
    async onHttp({ stateless, extraTools }) {
      const { listenMountedArmature } = require('./armature-mounted');
      return listenMountedArmature(await require('./armature-app').createArmatureApp(extraTools), { stateless });
    },
  },
  sdk: {
    preload() {
      require('zod');
      require('@modelcontextprotocol/sdk/server/mcp.js');
      require('@modelcontextprotocol/sdk/server/stdio.js');
    },
    loadApp() {
      require('./sdk/sdk-server');
    },
    create: async (extraTools) => require('./sdk/sdk-server').createSdkServer(extraTools),
    attachTransport: connectSdkServer,
    attachStreams: sdkStdio('@modelcontextprotocol/sdk/server/stdio.js'),
    onHttp: ({ stateless, extraTools }) => require('./sdk/sdk-http').listenSdkHttp({ stateless, extraTools }),
    // MCP 2026-07-28 is served by the SDK v2 (`@modelcontextprotocol/server`), not by the v1 package.
    onHttp2026: ({ extraTools }) => require('./sdk/sdk-v2-http').listenSdkV2Http({ extraTools }),
  },
  'sdk-v2': {
    // The framework only; the tool registrations (the SDK's equivalent of handler modules) run in `create`.
    preload() {
      require('@modelcontextprotocol/server');
      require('@modelcontextprotocol/server/stdio');
    },
    loadApp() {
      require('./sdk/sdk-v2-http');
    },
    create: async (toolSet) => require('./sdk/sdk-v2-http').createSdkV2Server(toolSet),
    attachTransport: connectSdkServer,
    attachStreams: sdkStdio('@modelcontextprotocol/server/stdio'),
  },
  floor: {
    preload() {
      require('./floor/floor-stream');
    },
    loadApp() {
      require('./floor/floor-handler');
    },
    create: async (extraTools) => require('./floor/floor-handler').createFloor(extraTools),
    async attachTransport(floor, transport) {
      await require('./floor/floor-memory').serveFloorTransport(floor, transport);
      return () => transport.close();
    },
    async attachStreams(floor, input, output) {
      const stop = require('./floor/floor-stream').serveFloorStream(floor, input, output);
      return async () => stop();
    },
    onHttp: async ({ stateless, extraTools }) =>
      require('./floor/floor-http').listenFloorHttp(require('./floor/floor-handler').createFloor(extraTools), { stateless }),
    onHttp2026: async ({ extraTools }) =>
      require('./floor/floor-http').listenFloorHttp(require('./floor/floor-handler').createFloor(extraTools), {
        stateless: true,
        revision2026: true,
      }),
  },
};

function serverNamed(name) {
  const server = servers[name];
  if (server === undefined) throw new Error(`unknown server ${name}; one of ${SERVER_NAMES.join(', ')}`);
  return server;
}

/** Creates `name` with `extraTools` generated tools and serves it on `input`/`output`; resolves a close function. */
async function serveStreams(name, input, output, extraTools = 0) {
  const server = serverNamed(name);
  return server.attachStreams(await server.create(extraTools), input, output);
}

/** Creates `name` and attaches it to an SDK-shaped transport; resolves a close function. */
async function serveTransport(name, transport, extraTools = 0) {
  const server = serverNamed(name);
  return server.attachTransport(await server.create(extraTools), transport);
}

module.exports = {
  SERVER_NAMES,
  HTTP_SERVER_NAMES,
  STARTUP_SERVER_NAMES,
  serverNamed,
  serveStreams,
  serveTransport,
  STDIO_MAIN: path.join(__dirname, 'stdio-main.js'),
  HTTP_MAIN: path.join(__dirname, 'http-main.js'),
};
