import { expect } from 'chai';
import { methodOf, scan, scanClean } from './helpers/scan-helpers';

const SOURCE = `import { Tool } from '@armature/core';
export interface Credentials {
  user: string;
  /** The password. @sensitive */
  password: string;
}
export interface Tree {
  label: string;
  /** @sensitive */
  secret?: string;
  children?: Tree[];
}
export class LoginDto {
  /** @sensitive */
  token!: string;
  account!: { id: string; credentials: Credentials };
  keys!: Record<string, Credentials>;
  history!: Credentials[];
}
export class Handlers {
  /**
   * Log in.
   * @sensitive apiKey
   */
  @Tool() login(apiKey: string, creds: Credentials, note?: string): string { return note ?? ''; }
  @Tool() dto(input: LoginDto): string { return input.token; }
  @Tool() tree(root: Tree): string { return root.label; }
  @Tool() plain(q: string): Credentials { return { user: q, password: q }; }
}
`;

describe('@sensitive', () => {
  it('records the redaction paths of marked parameters and nested properties, and keeps the mark out of the schemas', () => {
    const result = scanClean(SOURCE);
    const login = methodOf(result, 'Handlers', 'login');
    expect(login.sensitive).to.deep.equal(['/apiKey', '/creds/password']);
    expect(JSON.stringify(login.inputSchema)).to.not.contain('"sensitive"');
    const dto = methodOf(result, 'Handlers', 'dto');
    expect(dto.sensitive).to.deep.equal(['/account/credentials/password', '/history/*/password', '/keys/*/password', '/token']);
    expect(JSON.stringify(dto.inputSchema)).to.not.contain('"sensitive"');
  });

  it('redacts a recursive type whole where it recurs', () => {
    const tree = methodOf(scanClean(SOURCE), 'Handlers', 'tree');
    expect(tree.sensitive).to.deep.equal(['/root/children/*', '/root/secret']);
    expect(JSON.stringify(tree.inputSchema)).to.not.contain('"sensitive"');
  });

  it('keeps the mark out of output schemas, and a tool without marks has no paths', () => {
    const plain = methodOf(scanClean(SOURCE), 'Handlers', 'plain');
    expect(plain).to.not.have.property('sensitive');
    expect(JSON.stringify(plain.outputSchema)).to.not.contain('"sensitive"');
    expect(plain.outputSchema).to.have.nested.property('properties.password');
  });

  it('reports a method tag that names no argument', () => {
    const result = scan({
      'src/handlers.ts': `import { Tool } from '@armature/core';
export class Handlers {
  /** @sensitive pasword */
  @Tool() login(password: string): string { return password; }
}
`,
    });
    const problem = result.problems.find((p) => p.code === 'ARM_ERR_JSDOC_TAG');
    expect(problem?.message).to.contain('@sensitive must name an argument').and.contain('"pasword"').and.contain('password');
  });

  it('warns about a misspelled @sensitive', () => {
    const result = scan({
      'src/handlers.ts': `import { Tool } from '@armature/core';
export interface Login {
  /** @sensitve */
  password: string;
}
export class Handlers {
  @Tool() login(input: Login): string { return input.password; }
}
`,
    });
    expect(result.notes.map((n) => n.message).join('\n')).to.contain('@sensitive');
  });

  describe('the @Sensitive() decorator', () => {
    const DECORATED = `import { Tool } from '@armature/core';
import { Sensitive } from '@armature/core/observability';
import * as observability from '@armature/core/observability';
export class Card {
  holder!: string;
  @Sensitive() number!: string;
}
export class SignInDto {
  user!: string;
  @observability.Sensitive() password!: string;
  cards!: Card[];
}
export class Handlers {
  @Tool() signIn(input: SignInDto): string { return input.user; }
  @Tool() connect(host: string, @Sensitive() apiKey: string, card?: Card): string { return host; }
  @Tool() whole(@Sensitive() input: SignInDto): string { return input.user; }
  @Tool() shown(card: Card): Card { return card; }
}
`;

    it('marks DTO properties (nested and in arrays included) exactly as the JSDoc tag does', () => {
      const result = scanClean(DECORATED);
      const signIn = methodOf(result, 'Handlers', 'signIn');
      expect(signIn.sensitive).to.deep.equal(['/cards/*/number', '/password']);
      expect(JSON.stringify(signIn.inputSchema)).to.not.contain('"sensitive"');
    });

    it('marks a parameter, and a decorated DTO parameter is the whole arguments object', () => {
      const result = scanClean(DECORATED);
      expect(methodOf(result, 'Handlers', 'connect').sensitive).to.deep.equal(['/apiKey', '/card/number']);
      expect(methodOf(result, 'Handlers', 'whole').sensitive).to.deep.equal(['', '/cards/*/number', '/password']);
    });

    it('keeps the mark out of output schemas', () => {
      const shown = methodOf(scanClean(DECORATED), 'Handlers', 'shown');
      expect(JSON.stringify(shown.outputSchema)).to.not.contain('"sensitive"');
      expect(shown.outputSchema).to.have.nested.property('properties.number');
    });

    it('ignores a decorator of the same name from another package', () => {
      const result = scan({
        'src/mine.ts': 'export function Sensitive(): PropertyDecorator { return () => undefined; }\n',
        'src/handlers.ts': `import { Tool } from '@armature/core';
import { Sensitive } from './mine';
export class Dto { @Sensitive() password!: string; }
export class Handlers { @Tool() go(input: Dto): string { return input.password; } }
`,
      });
      expect(result.problems).to.deep.equal([]);
      expect(methodOf(result, 'Handlers', 'go')).to.not.have.property('sensitive');
    });
  });
});
