import { expect } from 'chai';
import { formatProblems } from '../src';
import { problemLines, scan } from './helpers/scan-helpers';

const BAD_HANDLERS = `import { Tool, Prompt, Resource, ResourceTemplate, RequestContext } from '@armature/core';
interface Opts { onDone: () => void; n: number }
export class Bad {
  @Tool() fn(cb: () => void): void {}
  @Tool() sym(s: symbol, b: bigint): void {}
  @Tool() gen<T>(x: T): void {}
  @Tool() nev(x: never): void {}
  @Tool() opts(o: Opts): void {}
  @Tool() map(m: Map<string, number>): void {}
  @Tool({ name: 'bad name!' }) named(): void {}
  @Tool({ name: 'dup' }) a(): void {}
  @Tool({ name: 'dup' }) b(): void {}
  @ResourceTemplate('x://{id}/{other}') tpl(id: string, extra: string): string { return ''; }
  @Prompt() p(count: number, ctx: RequestContext): string { return ''; }
  /**
   * @minimum agee 0
   * @minimum age abc
   * @minLength age 2
   * @format name emial
   */
  @Tool() tags(age: number, name: string): void {}
  @Tool() ret(): () => void { return () => undefined; }
  @Resource('x://a') res(id: string): string { return ''; }
  @Tool() rest(...xs: string[]): void {}
  @Tool() destr({ a }: { a: string }, b: string): void {}
  @Tool() @Prompt() both(): void {}
  @Tool() static stat(): void {}
}
`;

describe('build problems', () => {
  it('reports every problem of a run at once, each with file:line:column, class, method and parameter', () => {
    const result = scan({ 'src/bad.handlers.ts': BAD_HANDLERS });
    expect(problemLines(result)).to.deep.equal([
      'src/bad.handlers.ts:4:14 - error ARM_ERR_SCHEMA_TYPE: Bad.fn(cb): the parameter type () => void is a function, which JSON cannot carry; pass data instead.',
      'src/bad.handlers.ts:5:15 - error ARM_ERR_SCHEMA_TYPE: Bad.sym(s): the parameter type symbol is a symbol, which JSON cannot carry.',
      'src/bad.handlers.ts:5:26 - error ARM_ERR_SCHEMA_TYPE: Bad.sym(b): the parameter type bigint is a bigint, which JSON cannot carry; use number, or string for large values.',
      'src/bad.handlers.ts:6:18 - error ARM_ERR_SCHEMA_TYPE: Bad.gen(x): the parameter type T is the unresolved type parameter T; use a concrete type.',
      'src/bad.handlers.ts:7:15 - error ARM_ERR_SCHEMA_TYPE: Bad.nev(x): the parameter type never is never: no value can be passed.',
      'src/bad.handlers.ts:8:16 - error ARM_ERR_SCHEMA_TYPE: Bad.opts(o): in the parameter type Opts, property "onDone" is a function, which JSON cannot carry; pass data instead.',
      'src/bad.handlers.ts:9:15 - error ARM_ERR_SCHEMA_TYPE: Bad.map(m): the parameter type Map<string, number> is a Map, which JSON cannot carry; use an array, a Record or a plain object.',
      'src/bad.handlers.ts:10:17 - error ARM_ERR_TOOL_NAME: Bad.named: "bad name!" is not a valid tool name: use 1 to 128 characters of A-Z, a-z, 0-9, "_", "." and "-".',
      'src/bad.handlers.ts:12:17 - error ARM_ERR_DUPLICATE_NAME: Bad.b: the tool name "dup" is already used by Bad.a (src/bad.handlers.ts:11); names must be unique per server.',
      'src/bad.handlers.ts:13:21 - error ARM_ERR_TEMPLATE_VARIABLE: Bad.tpl(other): the URI template variable {other} has no parameter of that name; add a parameter "other: string" or rename the variable.',
      'src/bad.handlers.ts:13:57 - error ARM_ERR_TEMPLATE_PARAMETER: Bad.tpl(extra): "extra" is not a variable of the URI template x://{id}/{other}; add {extra} (or {?extra}) to the template, or remove the parameter.',
      'src/bad.handlers.ts:14:15 - error ARM_ERR_PROMPT_ARGUMENT: Bad.p(count): prompt arguments are strings, but this parameter is number; declare it as string (or a union of string literals) and convert it inside the method.',
      'src/bad.handlers.ts:16:6 - error ARM_ERR_JSDOC_TAG: Bad.tags(agee): @minimum must name a parameter first (@minimum <name> <value>); "agee" is not one (age, name).',
      'src/bad.handlers.ts:17:6 - error ARM_ERR_JSDOC_TAG: Bad.tags(age): @minimum age expects a number, got "abc".',
      'src/bad.handlers.ts:18:6 - error ARM_ERR_JSDOC_TAG: Bad.tags(age): @minLength applies to strings, but age is "number".',
      'src/bad.handlers.ts:19:6 - error ARM_ERR_JSDOC_TAG: Bad.tags(name): @format name "emial" is not a known format (one of: date, time, date-time, iso-time, iso-date-time, duration, uri, uri-reference, uri-template, url, email, hostname, ipv4, ipv6, regex, uuid, json-pointer, json-pointer-uri-fragment, relative-json-pointer, byte, int32, int64, float, double, password, binary).',
      'src/bad.handlers.ts:22:18 - error ARM_ERR_SCHEMA_TYPE: Bad.ret: the return type () => void is a function, which JSON cannot carry; pass data instead.',
      'src/bad.handlers.ts:23:26 - error ARM_ERR_RESOURCE_PARAMETER: Bad.res(id): a static resource receives no arguments; use @ResourceTemplate with a {variable} in the URI to take one.',
      'src/bad.handlers.ts:24:16 - error ARM_ERR_PARAMETER: Bad.rest(xs): a rest parameter cannot receive named arguments; declare an array parameter instead.',
      'src/bad.handlers.ts:25:17 - error ARM_ERR_PARAMETER: Bad.destr(#0): a destructured parameter has no name to use as an argument; name it (and destructure inside the method), or make its type a class to use the DTO style.',
      'src/bad.handlers.ts:26:11 - error ARM_ERR_DECORATOR: Bad.both: a method takes one Armature decorator, found @Tool(), @Prompt().',
      'src/bad.handlers.ts:27:3 - error ARM_ERR_DECORATOR: Bad.stat: a static method cannot be a handler; make it an instance method.',
    ]);
  });

  it('ends the formatted report with a count', () => {
    const result = scan({
      'src/one.handlers.ts': "import { Tool } from '@armature/core';\nexport class One { @Tool() f(x: symbol): void {} }\n",
    });
    expect(result.problems).to.have.length(1);
    expect(formatProblems(result.problems)).to.equal(
      'src/one.handlers.ts:2:30 - error ARM_ERR_SCHEMA_TYPE: One.f(x): the parameter type symbol is a symbol, which JSON cannot carry.\n' +
        'Found 1 schema problem; no manifest was written.',
    );
  });

  it('reports a type that cannot be resolved instead of accepting anything', () => {
    const result = scan({
      'src/u.handlers.ts': "import { Tool } from '@armature/core';\nexport class U { @Tool() f(x: Missing): void {} }\n",
    });
    expect(problemLines(result)).to.deep.equal([
      'src/u.handlers.ts:2:28 - error ARM_ERR_SCHEMA_TYPE: U.f(x): the parameter type Missing could not be resolved (a missing import or a type error); fix the TypeScript errors first.',
    ]);
  });

  it('accepts the same name for a tool and a prompt, and skips names computed at run time', () => {
    const result = scan({
      'src/c.handlers.ts':
        "import { Tool, Prompt } from '@armature/core';\ndeclare const computed: string;\nexport class C {\n  @Tool() review(): string { return ''; }\n  @Prompt() review2(): string { return ''; }\n  @Prompt({ name: 'review' }) other(): string { return ''; }\n  @Tool({ name: computed }) x(): string { return ''; }\n  @Tool({ name: computed }) y(): string { return ''; }\n}\n",
    });
    expect(problemLines(result)).to.deep.equal([]);
  });
});
