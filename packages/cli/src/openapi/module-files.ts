import { camelCase } from './identifiers';

/** `<name>.client.ts`: the client's tokens, its default base URL and its options from the environment. */
export function clientFile(header: string, constant: string, base: string, baseUrl: string | undefined): string {
  return [
    header.trimEnd(),
    "import { InjectionToken } from '@armature/di';",
    "import { OpenApiClient, openApiOptionsFromEnv, type OpenApiClientOptions } from '@armature/core/openapi';",
    '',
    `/** The base URL used when ${constant}_BASE_URL is not set. */`,
    `export const ${constant}_DEFAULT_BASE_URL = ${JSON.stringify(baseUrl ?? 'http://localhost')};`,
    '',
    `/** The client's options; override it to configure ${base} in code instead of the environment. */`,
    `export const ${constant}_OPTIONS = new InjectionToken<OpenApiClientOptions>('${constant}_OPTIONS');`,
    '',
    `/** The client the ${base} tools call. */`,
    `export const ${constant}_CLIENT = new InjectionToken<OpenApiClient>('${constant}_CLIENT');`,
    '',
    `/** Options from ${constant}_BASE_URL, ${constant}_BEARER_TOKEN, ${constant}_HEADERS, ${constant}_TIMEOUT_MS, ${constant}_MAX_RESPONSE_BYTES. */`,
    `export function ${camelCase(base, 'api')}OptionsFromEnv(env?: Readonly<Record<string, string | undefined>>): OpenApiClientOptions {`,
    `  return openApiOptionsFromEnv('${constant}', { baseUrl: ${constant}_DEFAULT_BASE_URL }, env);`,
    '}',
    '',
  ].join('\n');
}

/** `<name>.module.ts`: the module binding the options and client, listing the tool classes. */
export function moduleFile(header: string, base: string, constant: string, name: string, classFiles: ReadonlyMap<string, string>): string {
  const classes = [...classFiles.keys()];
  return [
    header.trimEnd(),
    "import { Module } from '@armature/di';",
    "import { OpenApiClient, type OpenApiClientOptions } from '@armature/core/openapi';",
    `import { ${constant}_CLIENT, ${constant}_OPTIONS, ${camelCase(base, 'api')}OptionsFromEnv } from './${name}.client';`,
    ...[...classFiles].map(([cls, file]) => `import { ${cls} } from './${file}';`),
    '',
    `/** The service's operations as tools; options from the environment unless ${constant}_OPTIONS is overridden. */`,
    '@Module({',
    '  providers: [',
    `    { provide: ${constant}_OPTIONS, useFactory: () => ${camelCase(base, 'api')}OptionsFromEnv() },`,
    `    { provide: ${constant}_CLIENT, useFactory: (options: OpenApiClientOptions) => new OpenApiClient(options), inject: [${constant}_OPTIONS] },`,
    '  ],',
    `  handlers: [${classes.join(', ')}],`,
    '})',
    `export class ${base}Module {}`,
    '',
  ].join('\n');
}
