import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { KEYWORD_TAGS, PROBLEM_CODES } from '../src';

const SCHEMAS_DOC = path.join(__dirname, '..', '..', '..', '..', 'docs', 'schemas.md');

describe('docs/schemas.md', () => {
  const doc = fs.readFileSync(SCHEMAS_DOC, 'utf8');

  it('documents every build problem code, and no other', () => {
    const documented = [...doc.matchAll(/^\| `(ARM_ERR_[A-Z_]+)` \|/gm)].map((m) => m[1]);
    expect(documented).to.have.members(Object.keys(PROBLEM_CODES));
  });

  it('documents every JSDoc keyword tag', () => {
    for (const tag of KEYWORD_TAGS) expect(doc, `@${tag}`).to.contain(`\`@${tag}\``);
  });
});
