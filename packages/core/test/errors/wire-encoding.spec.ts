import { expect } from 'chai';
import { WIRE_ERRORS } from '../../src/errors/wire-error-codes';
import { wireEncoding } from '../../src/errors/wire-encoding';
import { defineWireErrors, WIRE_REVISION_NAMES, type WireRevisionName } from '../../src/errors/wire-numbering';
import { REVISION_2026 } from '../../src/kernel/revision-2026';
import type { Revision } from '../../src/kernel/revision';
import { REVISION_2025 } from '../../src/session/revision-2025';
import type { JSONRPCErrorResponse } from '../../src/wire/mcp-types.generated';

const REVISIONS: Readonly<Record<WireRevisionName, Revision>> = { '2025-11-25': REVISION_2025, '2026-07-28': REVISION_2026 };

/**
 * What goes on the wire today for each registered code, written out by hand:
 * [number, HTTP status when refused before the method runs, HTTP status after] per revision.
 * A change to the wire must change the registry and this table.
 */
const ON_THE_WIRE: Readonly<Record<number, Readonly<Record<WireRevisionName, readonly [number, number, number]>>>> = {
  [-32700]: { '2025-11-25': [-32700, 200, 200], '2026-07-28': [-32700, 400, 200] },
  [-32600]: { '2025-11-25': [-32600, 200, 200], '2026-07-28': [-32600, 400, 200] },
  [-32601]: { '2025-11-25': [-32601, 200, 200], '2026-07-28': [-32601, 404, 404] },
  [-32602]: { '2025-11-25': [-32602, 200, 200], '2026-07-28': [-32602, 400, 200] },
  [-32603]: { '2025-11-25': [-32603, 200, 200], '2026-07-28': [-32603, 400, 200] },
  [-32002]: { '2025-11-25': [-32002, 200, 200], '2026-07-28': [-32602, 400, 200] },
  [-32042]: { '2025-11-25': [-32042, 200, 200], '2026-07-28': [-32042, 400, 200] },
  [-32000]: { '2025-11-25': [-32000, 200, 200], '2026-07-28': [-32000, 400, 200] },
  [-32001]: { '2025-11-25': [-32001, 200, 200], '2026-07-28': [-32001, 400, 200] },
  [-32003]: { '2025-11-25': [-32003, 200, 200], '2026-07-28': [-32003, 400, 200] },
  [-32004]: { '2025-11-25': [-32004, 200, 200], '2026-07-28': [-32004, 503, 503] },
  [-32020]: { '2025-11-25': [-32020, 200, 200], '2026-07-28': [-32020, 400, 400] },
  [-32021]: { '2025-11-25': [-32021, 200, 200], '2026-07-28': [-32021, 400, 400] },
  [-32022]: { '2025-11-25': [-32022, 200, 200], '2026-07-28': [-32022, 400, 400] },
};

const response = (code: number): JSONRPCErrorResponse => ({ jsonrpc: '2.0', id: 9, error: { code, message: 'm', data: { uri: 'x://y' } } });

describe('wire errors: the registry drives each revision’s numbers and HTTP statuses', () => {
  it('pins every registered code under both revisions (the table covers exactly the registry)', () => {
    expect(WIRE_ERRORS.entries.map((entry) => entry.code).sort()).to.deep.equal(Object.keys(ON_THE_WIRE).map(Number).sort());
    for (const entry of WIRE_ERRORS.entries) {
      for (const name of WIRE_REVISION_NAMES) {
        const revision = REVISIONS[name];
        const [code, before, after] = ON_THE_WIRE[entry.code]![name];
        const encoded = revision.encodeError(response(entry.code));
        const where = `${entry.name} under ${name}`;
        expect(encoded, where).to.deep.equal({ jsonrpc: '2.0', id: 9, error: { code, message: 'm', data: { uri: 'x://y' } } });
        expect(revision.httpStatus(encoded.error.code, true), `${where}, refused before it ran`).to.equal(before);
        expect(revision.httpStatus(encoded.error.code, false), `${where}, after it ran`).to.equal(after);
      }
    }
  });

  it('takes every number and fixed status from the registry entry, and leaves unregistered codes alone', () => {
    for (const entry of WIRE_ERRORS.entries) {
      for (const name of WIRE_REVISION_NAMES) {
        const form = entry.wire[name];
        const encoded = REVISIONS[name].encodeError(response(entry.code));
        expect(encoded.error.code, `${entry.name} under ${name}`).to.equal(form.code);
        if (form.httpStatus !== undefined)
          for (const beforeRun of [true, false]) expect(REVISIONS[name].httpStatus(form.code, beforeRun)).to.equal(form.httpStatus);
      }
    }
    for (const name of WIRE_REVISION_NAMES) {
      const authorDefined = response(-31999);
      expect(REVISIONS[name].encodeError(authorDefined), name).to.equal(authorDefined);
    }
  });

  it('follows a registry it is given (a renumbered code and a fixed status), and refuses one that gives a number two statuses', () => {
    const spec = { meaning: 'm.', fix: 'f.' };
    const registry = defineWireErrors('@test/wire', 'test', {
      Moved: { code: -32090, wire: { '2025-11-25': { code: -32090 }, '2026-07-28': { code: -32091, httpStatus: 410 } }, ...spec },
    });
    const encoding = wireEncoding('2026-07-28', () => 299, registry.entries);
    expect(encoding.encode(response(-32090)).error.code).to.equal(-32091);
    expect(encoding.httpStatus(-32091, false)).to.equal(410);
    expect(encoding.httpStatus(-32000, true)).to.equal(299);
    const clash = defineWireErrors('@test/wire', 'clash', {
      A: { code: -32090, wire: { '2025-11-25': { code: -32090 }, '2026-07-28': { code: -32092, httpStatus: 400 } }, ...spec },
      B: { code: -32091, wire: { '2025-11-25': { code: -32091 }, '2026-07-28': { code: -32092 } }, ...spec },
    });
    expect(() => wireEncoding('2026-07-28', () => 200, clash.entries)).to.throw(/two HTTP statuses/);
  });
});
