import { expect } from 'chai';
import { createAjv, expectValidSchema } from './helpers/schema-assertions';
import { methodOf, scan, scanClean } from './helpers/scan-helpers';

const DTO = `import { Tool, RequestContext } from '@armature/core';
export class CreateUserDto {
  /**
   * Login name.
   * @minLength 3
   */
  name!: string;
  /** @format email */
  email!: string;
  /** @minimum 0 */
  age?: number;
  role: 'admin' | 'user' = 'user';
}
export interface NotADto { name: string }
export class Handlers {
  /**
   * Create a user.
   * @maximum age 150
   */
  @Tool() createUser(input: CreateUserDto, ctx: RequestContext): string { return input.name; }
  @Tool() plainObject(input: NotADto): string { return input.name; }
  @Tool() twoParams(input: CreateUserDto, note: string): string { return note; }
  @Tool() destructured({ name }: CreateUserDto): string { return name; }
}
`;

describe('DTO style', () => {
  it('uses the properties of the single class parameter as the input schema', () => {
    const result = scanClean(DTO);
    const method = methodOf(result, 'Handlers', 'createUser');
    expect(method.argumentStyle).to.equal('dto');
    expect(method.params).to.deep.equal([
      { index: 0, name: 'input', role: 'dto', required: true },
      { index: 1, name: 'ctx', role: 'context' },
    ]);
    expect(method.inputSchema).to.deep.equal({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        name: { type: 'string', description: 'Login name.', minLength: 3 },
        email: { type: 'string', format: 'email' },
        age: { type: 'number', minimum: 0, maximum: 150 },
        role: { type: 'string', enum: ['admin', 'user'], default: 'user' },
      },
      additionalProperties: false,
      required: ['email', 'name'],
    });
    const ajv = createAjv();
    expectValidSchema(ajv, method.inputSchema ?? {});
    const validate = ajv.compile(method.inputSchema ?? {});
    expect(validate({ name: 'alice', email: 'a@b.co' })).to.equal(true);
    expect(validate({ name: 'al', email: 'a@b.co' })).to.equal(false);
    expect(validate({ name: 'alice', email: 'a@b.co', age: 200 })).to.equal(false);
  });

  it('keeps the positional style for interfaces and for classes next to other parameters', () => {
    const result = scanClean(DTO);
    expect(methodOf(result, 'Handlers', 'plainObject').argumentStyle).to.equal('positional');
    expect(methodOf(result, 'Handlers', 'twoParams').argumentStyle).to.equal('positional');
    expect(Object.keys(methodOf(result, 'Handlers', 'twoParams').inputSchema?.properties ?? {})).to.deep.equal(['input', 'note']);
  });

  it('accepts a destructured DTO parameter', () => {
    const method = methodOf(scanClean(DTO), 'Handlers', 'destructured');
    expect(method.argumentStyle).to.equal('dto');
    expect(method.params).to.deep.equal([{ index: 0, name: '#0', role: 'dto', required: true }]);
  });

  it('reports a method tag naming no DTO property', () => {
    const result = scan({
      'src/h.ts': `import { Tool } from '@armature/core';
export class Dto { a!: string }
export class H {
  /** @minimum b 1 */
  @Tool() f(dto: Dto): void {}
}
`,
    });
    expect(result.problems.map((p) => p.message)).to.deep.equal([
      '@minimum must name a property of the DTO first (@minimum <name> <value>); "b" is not one (a).',
    ]);
  });
});
