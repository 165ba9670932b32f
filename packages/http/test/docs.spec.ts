import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { compileMarkdownSamples } from '@armature/testing';

const REPO = join(__dirname, '../../../..');
const read = (path: string): string => readFileSync(join(REPO, path), 'utf8');

/** Option names declared in an interface of a source file. */
function optionsOf(source: string, name: string): string[] {
  const body = new RegExp(`export interface ${name}[^{]*\\{([\\s\\S]*?)\\n\\}`).exec(source)?.[1] ?? '';
  return [...body.matchAll(/^ {2}readonly (\w+)\??:/gm)].map((m) => m[1] as string);
}

describe('@armature/http documentation', () => {
  const source = read('packages/http/src/options/http-options.ts');
  const docs = read('docs/transports.md');
  const options = docs.slice(docs.indexOf('### Options', docs.indexOf('## Streamable HTTP')));

  it('lists every handler and listen option in the docs options table', () => {
    const names = [...optionsOf(source, 'HttpHandlerOptions'), ...optionsOf(source, 'ListenHttpOptions')];
    expect(names.length).to.be.greaterThan(10);
    for (const name of names) expect(options, name).to.contain(`\`${name}`);
    for (const name of optionsOf(source, 'SseOptions')) expect(options, `sse.${name}`).to.contain(`\`sse.${name}\``);
  });

  it('documents every CORS option and every protectedResource option (docs/auth.md)', () => {
    const cors = docs.slice(docs.indexOf('### CORS'));
    for (const name of optionsOf(read('packages/http/src/security/cors.policy.ts'), 'CorsOptions')) expect(cors, name).to.contain(name);
    const auth = read('docs/auth.md');
    const names = optionsOf(read('packages/core/src/transport/auth/protected-resource.metadata.ts'), 'ProtectedResourceOptions');
    expect(names.length).to.be.greaterThan(5);
    for (const name of names) expect(auth, name).to.contain(`\`${name}\``);
  });

  it('documents every status code the engine answers with', () => {
    const engine = [
      'handler/refuse.ts',
      'handler/post.handler.ts',
      'handler/stream.handler.ts',
      'handler/streamable-http.engine.ts',
      'session/response-channel.ts',
      'security/cors.policy.ts',
    ]
      .map((file) => read(`packages/http/src/${file}`))
      .join('\n');
    const statuses = new Set(
      [...engine.matchAll(/refuse\(res, (\d{3})/g), ...engine.matchAll(/send\((\d{3})/g)].map((m) => m[1] as string),
    );
    expect(statuses).to.include('403').and.to.include('204');
    for (const status of statuses)
      if (!['200', '202', '500'].includes(status)) expect(docs, status).to.match(new RegExp(`\\| \`${status}\` \\|`));
  });
  // docs/auth.md's samples use @armature/auth too; its docs test compiles them (packages/auth/test/docs.spec.ts).

  it('compiles every ts example of the package README (strict): express, fastify and Hono mounts', function () {
    this.timeout(120_000);
    const { samples, diagnostics } = compileMarkdownSamples([join(REPO, 'packages/http/README.md')], {
      workDir: join(REPO, 'packages/http/dist/.readme-docs-examples'),
    });
    expect(samples.length).to.be.at.least(3);
    expect(diagnostics).to.deep.equal([]);
  });

  it('marks every TypeScript sample of docs/transports.md and the README `ts`, so the docs tests compile them all', () => {
    for (const page of ['docs/transports.md', 'packages/http/README.md']) {
      const languages = [...read(page).matchAll(/^```(\w*)$/gm)].map((m) => m[1] as string).filter((lang) => lang !== '');
      expect(
        languages.filter((lang) => !['ts', 'sh', 'jsonc'].includes(lang)),
        page,
      ).to.deep.equal([]);
    }
  });
});
