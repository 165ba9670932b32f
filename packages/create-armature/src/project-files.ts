import type { ScaffoldFeatures } from './scaffold-features';

/** What the scaffold is made for: the project's npm name, the Armature version to depend on, the transports. */
export interface ScaffoldInput {
  /** The npm package name (from the folder name). */
  readonly name: string;
  /** The version range of the `@armature/*` packages (this package's own version). */
  readonly armatureRange: string;
  readonly features: ScaffoldFeatures;
}

/** The `@armature/*` run-time packages a project with these features imports. */
function runtimePackages(features: ScaffoldFeatures): string[] {
  return [
    '@armature/core',
    '@armature/di',
    ...(features.http ? ['@armature/http'] : []),
    ...(features.ws ? ['@armature/ws'] : []),
    ...(features.redis ? ['@armature/redis'] : []),
    ...(features.nestjs ? ['@armature/nestjs'] : []),
  ];
}

/** The NestJS packages a `--nestjs` project runs on (Nest 11, express platform). */
const NEST_DEPENDENCIES: Readonly<Record<string, string>> = {
  '@nestjs/common': '^11.0.0',
  '@nestjs/core': '^11.0.0',
  '@nestjs/platform-express': '^11.0.0',
  rxjs: '^7.8.0',
};

/** The scripts of a `--nestjs` project: the Nest application is the server, so no `armature serve`/`dev`/`inspect`. */
function nestjsScripts(): Record<string, string> {
  return {
    build: 'armature build --strict',
    prestart: BUILT_CHECK,
    start: 'node dist/src/main.js',
    test: "mocha --require reflect-metadata 'dist/test/**/*.spec.js'",
  };
}

/**
 * Run before each start script (npm's `pre<name>`): a project that was never built gets the
 * command to run instead of Node's bare "Cannot find module". Plain node, so production
 * installs without the CLI run it too.
 */
export const BUILT_CHECK =
  "node -e \"require('fs').existsSync('dist/src/main.js')||(console.error('dist/src/main.js does not exist: the server is not built. Run npm run build (armature build) first.'),process.exit(1))\"";

/** The start scripts: stdio, plus one per network transport, each after the built check. */
function startScripts(features: ScaffoldFeatures): Record<string, string> {
  // Shared state over Redis is for several instances behind one HTTP endpoint.
  const starts: Record<string, string> = features.redis
    ? { start: 'node dist/src/main.js' }
    : {
        start: 'node dist/src/main.js',
        ...(features.http ? { 'start:http': 'node dist/src/main.js --http 3000' } : {}),
        ...(features.ws ? { 'start:ws': 'node dist/src/main.js --ws 3001' } : {}),
      };
  return Object.fromEntries(
    Object.entries(starts).flatMap(([name, command]) => [
      [`pre${name}`, BUILT_CHECK],
      [name, command],
    ]),
  );
}

/** `package.json`: runtime packages as dependencies, the toolchain as devDependencies, the scripts. */
export function packageJson({ name, armatureRange, features }: ScaffoldInput): string {
  if (features.nestjs) return nestjsPackageJson({ name, armatureRange, features });
  const pkg = {
    name,
    version: '0.1.0',
    private: true,
    description: 'An MCP server built with Armature.',
    main: 'dist/src/main.js',
    scripts: {
      // --strict: a build warning (a misspelled JSDoc tag, whose constraint would be lost) fails the build.
      build: 'armature build --strict',
      dev: 'armature dev --strict',
      ...startScripts(features),
      test: "mocha --require reflect-metadata 'dist/test/**/*.spec.js'",
      inspect: 'armature inspect --entry dist/src/app.module.js',
      serve: 'armature serve',
    },
    // The root module `armature serve` boots when no -e is given.
    armature: { module: 'dist/src/app.module.js#AppModule' },
    engines: { node: '>=20.10' },
    dependencies: {
      ...Object.fromEntries(runtimePackages(features).map((pkg) => [pkg, armatureRange])),
      'reflect-metadata': '^0.2.2',
    },
    devDependencies: devDependencies(armatureRange),
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** The build and test tools every scaffold has, plus `extra`, sorted as npm writes them. */
function devDependencies(armatureRange: string, extra: Record<string, string> = {}): Record<string, string> {
  const tools: Record<string, string> = {
    '@armature/cli': armatureRange,
    '@armature/testing': armatureRange,
    '@types/chai': '^4.3.20',
    '@types/mocha': '^10.0.10',
    '@types/node': '^20.19.0',
    chai: '^4.5.0',
    mocha: '^11.8.0',
    typescript: '~5.9.3',
    ...extra,
  };
  return Object.fromEntries(Object.entries(tools).sort(([a], [b]) => a.localeCompare(b)));
}

/** `package.json` of a `--nestjs` project: Nest, Armature's Nest module, the SDK client its test uses. */
function nestjsPackageJson({ name, armatureRange, features }: ScaffoldInput): string {
  const pkg = {
    name,
    version: '0.1.0',
    private: true,
    description: 'A NestJS application serving an MCP endpoint built with Armature.',
    main: 'dist/src/main.js',
    scripts: nestjsScripts(),
    engines: { node: '>=20.10' },
    dependencies: {
      ...Object.fromEntries(runtimePackages(features).map((pkg) => [pkg, armatureRange])),
      ...NEST_DEPENDENCIES,
      'reflect-metadata': '^0.2.2',
    },
    devDependencies: devDependencies(armatureRange, { '@modelcontextprotocol/sdk': '^1.32.2' }),
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/**
 * `tsconfig.json`: what Armature needs — legacy decorators with metadata (DI and the scanner
 * read them), `useDefineForClassFields: false` (property decorators see their fields), CommonJS
 * output through Node16 resolution, and `src` + `test` compiled to `dist`. `lib: ["ES2022"]`
 * leaves out TypeScript's default DOM typings, which a Node server never uses and which cost
 * about 0.7 s of every cold build (parsing and binding `lib.dom.d.ts`).
 */
export function tsconfigJson(): string {
  const config = {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022'],
      module: 'Node16',
      moduleResolution: 'Node16',
      strict: true,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      useDefineForClassFields: false,
      esModuleInterop: true,
      skipLibCheck: true,
      sourceMap: true,
      // armature build reads JSDoc from the TypeScript sources: the JavaScript needs none, and
      // half as much text to parse at every start (docs/performance.md).
      removeComments: true,
      types: ['node', 'mocha'],
      rootDir: '.',
      outDir: 'dist',
    },
    include: ['src/**/*.ts', 'test/**/*.ts'],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** `.gitignore`. */
export function gitignore(): string {
  return 'node_modules/\ndist/\n';
}

/** How the README says to run the server, for these features. */
function runLines(features: ScaffoldFeatures): string {
  if (features.redis) {
    return `npm start         # Streamable HTTP at http://127.0.0.1:3000/mcp (PORT, HOST), state in Redis at REDIS_URL (default redis://127.0.0.1:6379)`;
  }
  return [
    'npm start         # serves over stdio: node dist/src/main.js',
    ...(features.http ? ['npm run start:http  # Streamable HTTP at http://127.0.0.1:3000/mcp (--http [host:]port)'] : []),
    ...(features.ws ? ['npm run start:ws    # WebSocket at ws://127.0.0.1:3001/mcp (--ws [host:]port)'] : []),
  ].join('\n');
}

/** How an MCP host reaches the server, for these features. */
function hostSection(name: string, features: ScaffoldFeatures): string {
  if (features.redis) {
    return `Start several instances (each with its own \`PORT\`) behind one load balancer, all with the same
\`REDIS_URL\` and \`MCP_STATE_KEY\`: any instance then serves any session. Point the host at the
balancer's \`/mcp\` URL.`;
  }
  return `Add a server whose command is \`node\` with the argument \`/absolute/path/to/${name}/dist/src/main.js\`.
Stdout carries the protocol: log to stderr only.${
    features.http ? ' Over HTTP, give the host the URL `http://127.0.0.1:3000/mcp` instead.' : ''
  }`;
}

/** `README.md`: how to build, test, run and grow the server. */
export function readme({ name, features }: ScaffoldInput): string {
  if (features.nestjs) return nestjsReadme(name);
  return `# ${name}

An [MCP](https://modelcontextprotocol.io) server built with Armature.

\`\`\`sh
npm install
npm run build     # compiles and writes dist/armature.manifest.json (schemas from your types)
npm test          # boots the server in the test process and calls it through an MCP client
${runLines(features)}
npm run dev       # rebuilds on change and reloads the running server in place
npm run inspect   # prints the tools, resources and prompts the server advertises
\`\`\`

## Layout

| file | what |
|---|---|
| \`src/hello.handlers.ts\` | the \`greet\` tool and the \`hello://about\` resource |
| \`src/app.module.ts\` | the root module: lists the handler classes (and providers) |
| \`src/main.ts\` | starts the server (\`Armature.create\`, then ${features.redis ? '`listenHttp` with the Redis stores' : '`app.listen`'}) |
| \`test/hello.spec.ts\` | tests with \`@armature/testing\` |

## Add a tool

Add a method with \`@Tool()\` to \`HelloHandlers\` (or a new class listed in \`handlers\` of
\`AppModule\`). Its JSDoc is the description, its typed parameters the input schema, its
return type the output schema. Run \`npm run build\`: the schemas are generated, never written
by hand.

## Use it from an MCP host

${hostSection(name, features)}
`;
}

/** `README.md` of a `--nestjs` project. */
function nestjsReadme(name: string): string {
  return `# ${name}

A NestJS application serving an [MCP](https://modelcontextprotocol.io) endpoint built with
Armature, next to its REST controllers, on one port.

\`\`\`sh
npm install
npm run build     # compiles and writes dist/armature.manifest.json (schemas from your types)
npm test          # starts the Nest application on a free port; calls it over REST and with an MCP client
npm start         # MCP at http://127.0.0.1:3000/mcp, REST at http://127.0.0.1:3000/greet (PORT, HOST)
\`\`\`

## Layout

| file | what |
|---|---|
| \`src/greetings.service.ts\` | a Nest service, shared by the REST controller and the MCP tool |
| \`src/greetings.controller.ts\` | \`GET /greet?name=Ada\` |
| \`src/greetings.module.ts\` | the Nest module providing and exporting the service |
| \`src/hello.handlers.ts\` | the \`greet\` tool and the \`hello://about\` resource (Armature handlers injecting the Nest service) |
| \`src/mcp.module.ts\` | the Armature root module: lists the handler classes |
| \`src/app.module.ts\` | the Nest root module: \`ArmatureModule.forRoot\` mounts the MCP endpoint at \`/mcp\` |
| \`src/server.ts\`, \`src/main.ts\` | start the Nest application |
| \`test/hello.spec.ts\` | the application on a free port, over REST and through an MCP client |

## Add a tool

Add a method with \`@Tool()\` to \`HelloHandlers\` (or a new class listed in \`handlers\` of
\`McpModule\`). Its JSDoc is the description, its typed parameters the input schema, its
return type the output schema. Run \`npm run build\`: the schemas are generated, never written
by hand. A handler injects a Nest provider once \`ArmatureModule.forRoot\` names it in
\`providers\` (and its module in \`imports\`).

## Use it from an MCP host

Give the host the Streamable HTTP URL \`http://127.0.0.1:3000/mcp\`.
`;
}
