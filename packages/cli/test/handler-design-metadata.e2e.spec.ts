import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { runArmature } from './support/fixture-project';
import { builtProjectPerSuite } from './support/built-project';
import { NOTES_HANDLERS } from './support/notes-handlers';

const MAIN = `import 'reflect-metadata';
import { Armature, RequestContext, Tool } from '@armature/core';
import { Module } from '@armature/di';
import { Greeter, Notes } from './notes.handlers';

/** Not exported: it keeps its design metadata (the runtime finds its manifest entry by class name, through the entry script's manifest). */
class Local {
  @Tool({ inputSchema: { type: 'object' } })
  ping(args: object, ctx: RequestContext): string {
    return 'pong ' + JSON.stringify(args) + ' (request ' + String(ctx.requestId) + ')';
  }
}

@Module({ providers: [Greeter], handlers: [Notes, Local] })
class NotesModule {}

void Armature.create(NotesModule, { name: 'notes', version: '1.0.0' }).then((app) => app.listen());
`;

/** The `__decorate([...], <owner>.prototype, "<method>", null)` call of a method in the emitted JavaScript. */
function decorationOf(js: string, method: string, owner = 'Notes'): string {
  const match = new RegExp(`__decorate\\(\\[((?:(?!__decorate)[\\s\\S])*?)\\], ${owner}\\.prototype, "${method}", null\\)`).exec(js);
  expect(match, `the decoration of ${method}`).to.not.equal(null);
  return match?.[1] ?? '';
}

function designKeys(decoration: string): string[] {
  return [...decoration.matchAll(/__metadata\)?\("(design:[a-z]+)"/g)].map((m) => m[1] ?? '');
}

describe('armature build leaves out the design metadata of handler methods (the built server through the SDK client over stdio)', function () {
  this.timeout(120_000);
  const project = builtProjectPerSuite(
    {
      'src/notes.handlers.ts': NOTES_HANDLERS,
      'src/main.ts': MAIN,
    },
    ['class-validator', 'class-transformer'],
  );

  const emitted = (): string => fs.readFileSync(path.join(project.dir, 'dist/src/notes.handlers.js'), 'utf8');

  it("emits no design:* metadata for handler methods, keeps a DTO parameter's types, and leaves other decorations alone", () => {
    const js = emitted();
    // A sole Armature decorator is applied directly; no __decorate call is left for its method.
    expect(js).to.contain('(0, core_1.Tool)()(Notes.prototype, "add");');
    expect(js).to.contain('(0, core_1.Tool)()(Notes.prototype, "whoAsks");');
    expect(js).to.contain(`(0, core_1.Resource)('notes://readme')(Notes.prototype, "readme");`);
    expect(js).to.contain('(0, core_1.Prompt)()(Notes.prototype, "summarize");');
    for (const method of ['add', 'whoAsks', 'readme', 'summarize']) expect(js).to.not.contain(`], Notes.prototype, "${method}", null)`);
    // With another decorator beside it, __decorate stays (it applies them in order), without the metadata.
    expect(decorationOf(js, 'echo')).to.match(/^\s*\(0, core_1\.Tool\)\(\),\s*Logged\(\)\s*$/);
    expect(designKeys(decorationOf(js, 'create'))).to.deep.equal(['design:paramtypes']);
    expect(decorationOf(js, 'create')).to.match(/"design:paramtypes", \[NoteInput\]/);
    expect(designKeys(decorationOf(js, 'audit'))).to.deep.equal(['design:type', 'design:paramtypes', 'design:returntype']);
    const main = fs.readFileSync(path.join(project.dir, 'dist/src/main.js'), 'utf8');
    expect(designKeys(decorationOf(main, 'ping', 'Local'))).to.deep.equal(['design:type', 'design:paramtypes', 'design:returntype']);
    // The constructor's parameter types, which the DI container reads, stay.
    expect(js).to.match(/__metadata\)?\("design:paramtypes", \[Greeter\]\)\n\], Notes\)/);
  });

  it('serves every kind of method: arguments, the injected context, the DTO class instance, the injected service', async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: ['dist/src/main.js'], cwd: project.dir, stderr: 'pipe' });
    const client = new Client({ name: 'design-metadata', version: '1.0.0' });
    await client.connect(transport);
    project.closeAfterTest(() => client.close());
    const text = async (name: string, args: Record<string, unknown>): Promise<string | undefined> => {
      const result = (await client.callTool({ name, arguments: args })) as { content: { text: string }[]; isError?: boolean };
      return result.isError === true ? `error: ${result.content[0]?.text}` : result.content[0]?.text;
    };
    expect(await text('add', { a: 2, b: 3 })).to.equal('5');
    expect(await text('echo', { text: 'again' })).to.equal('again');
    expect(await text('ping', { n: 1 })).to.match(/^pong \{"n":1\} \(request \d+\)$/);
    expect(await text('whoAsks', { name: 'ada' })).to.match(/^hello ada \(request \d+\)$/);
    expect(await text('create', { title: 'GROCERIES' })).to.equal('note GROCERIES');
    // class-validator checks the DTO class at call time (@IsUppercase has no JSON Schema keyword).
    expect(await text('create', { title: 'groceries' })).to.match(/^error: Invalid arguments for tool "create"[\s\S]*uppercase/);
    const read = await client.readResource({ uri: 'notes://readme' });
    expect((read.contents[0] as { text?: string }).text).to.equal('read me');
    const prompt = await client.getPrompt({ name: 'summarize', arguments: { topic: 'tides' } });
    expect(prompt.messages[0]?.content).to.deep.equal({ type: 'text', text: 'Summarize tides' });
  });

  it('--keep-design-metadata emits them all, as TypeScript does', () => {
    const built = runArmature(['build', '--force', '--keep-design-metadata'], project.dir);
    expect(built.status, built.stdout + built.stderr).to.equal(0);
    const js = emitted();
    for (const method of ['add', 'whoAsks', 'create', 'readme', 'summarize', 'audit', 'echo'])
      expect(designKeys(decorationOf(js, method)), method).to.deep.equal(['design:type', 'design:paramtypes', 'design:returntype']);
  });
});
