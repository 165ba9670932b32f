import { expect } from 'chai';
import { McpWireError } from '../../src/errors/wire-error';
import { allSupportedVersions, readEnvelope, unsupportedVersion } from '../../src/kernel/request-envelope';
import { ENVELOPE_VERSIONS, hasEnvelope, META, PROTOCOL_2026, REMOVED_IN_2026 } from '../../src/kernel/revision-2026';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../../src/protocol/protocol-versions';
import { schemaErrors } from '@armature/testing';

/** A valid 2026 `_meta` envelope, with `extra` merged in (undefined members are removed). */
function meta(extra: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = { [META.protocolVersion]: PROTOCOL_2026, [META.clientCapabilities]: {}, ...extra };
  for (const [key, value] of Object.entries(out)) if (value === undefined) delete out[key];
  return out;
}

/** The error `readEnvelope` throws for `params` (fails when it does not throw). */
function refusal(params: Record<string, unknown>): McpWireError {
  try {
    readEnvelope(params);
  } catch (error) {
    expect(error).to.be.instanceOf(McpWireError);
    return error as McpWireError;
  }
  throw new Error(`readEnvelope accepted ${JSON.stringify(params).slice(0, 200)}`);
}

describe('kernel: revision 2026 constants', () => {
  it('names the 2026 revision, its envelope keys and its removed methods', () => {
    expect(PROTOCOL_2026).to.equal('2026-07-28');
    expect(ENVELOPE_VERSIONS).to.deep.equal(['2026-07-28']);
    expect(Object.isFrozen(ENVELOPE_VERSIONS)).to.equal(true);
    expect(META.protocolVersion).to.equal('io.modelcontextprotocol/protocolVersion');
    expect(META.clientCapabilities).to.equal('io.modelcontextprotocol/clientCapabilities');
    expect([...REMOVED_IN_2026].sort()).to.deep.equal([
      'initialize',
      'logging/setLevel',
      'ping',
      'resources/subscribe',
      'resources/unsubscribe',
    ]);
  });

  it('hasEnvelope: true only for params whose object _meta owns the protocol version key', () => {
    expect(hasEnvelope({ _meta: meta() })).to.equal(true);
    // Any value counts as "present": readEnvelope then says what is wrong with it.
    expect(hasEnvelope({ _meta: { [META.protocolVersion]: 42 } })).to.equal(true);
    expect(hasEnvelope(undefined)).to.equal(false);
    expect(hasEnvelope(null)).to.equal(false);
    expect(hasEnvelope('x')).to.equal(false);
    expect(hasEnvelope({})).to.equal(false);
    expect(hasEnvelope({ _meta: null })).to.equal(false);
    expect(hasEnvelope({ _meta: [PROTOCOL_2026] })).to.equal(false);
    expect(hasEnvelope({ _meta: { progressToken: 1 } })).to.equal(false);
    // Inherited keys do not count.
    expect(hasEnvelope({ _meta: Object.create({ [META.protocolVersion]: PROTOCOL_2026 }) })).to.equal(false);
  });
});

describe('kernel: readEnvelope', () => {
  it('reads a valid envelope: version, capabilities, clientInfo, and no log level (rank Infinity)', () => {
    const caps = { elicitation: { form: {} }, sampling: {} };
    const envelope = readEnvelope({
      _meta: meta({ [META.clientCapabilities]: caps, [META.clientInfo]: { name: 'c', version: '1.2.3', title: 'T' } }),
    });
    expect(envelope.protocolVersion).to.equal('2026-07-28');
    expect(envelope.clientCapabilities).to.deep.equal(caps);
    expect(envelope.clientInfo).to.deep.equal({ name: 'c', version: '1.2.3', title: 'T' });
    expect(envelope.logRank).to.equal(Infinity);
  });

  it('clientInfo is optional; an empty capabilities object declares none', () => {
    const envelope = readEnvelope({ _meta: meta() });
    expect(envelope.clientInfo).to.equal(undefined);
    expect(envelope.clientCapabilities).to.deep.equal({});
  });

  it('maps logLevel to its severity rank, debug lowest', () => {
    expect(readEnvelope({ _meta: meta({ [META.logLevel]: 'debug' }) }).logRank).to.equal(0);
    expect(readEnvelope({ _meta: meta({ [META.logLevel]: 'warning' }) }).logRank).to.equal(3);
    expect(readEnvelope({ _meta: meta({ [META.logLevel]: 'emergency' }) }).logRank).to.equal(7);
  });

  it('keeps other _meta members (progressToken, vendor keys) out of its way', () => {
    const envelope = readEnvelope({ name: 'x', _meta: meta({ progressToken: 't', 'com.example/trace': 'abc' }) });
    expect(envelope.protocolVersion).to.equal(PROTOCOL_2026);
  });

  const invalid: [string, Record<string, unknown>, RegExp][] = [
    ['no _meta', { name: 'x' }, /no _meta envelope/],
    ['a null _meta', { _meta: null }, /"_meta" must be an object/],
    ['an array _meta', { _meta: [] }, /"_meta" must be an object/],
    ['a string _meta', { _meta: '2026-07-28' }, /"_meta" must be an object/],
    ['no protocol version', { _meta: meta({ [META.protocolVersion]: undefined }) }, /lacks "io\.modelcontextprotocol\/protocolVersion"/],
    ['an empty protocol version', { _meta: meta({ [META.protocolVersion]: '' }) }, /must be a non-empty string/],
    ['a numeric protocol version', { _meta: meta({ [META.protocolVersion]: 20260728 }) }, /must be a non-empty string/],
    ['a null protocol version', { _meta: meta({ [META.protocolVersion]: null }) }, /must be a non-empty string/],
    [
      'no client capabilities',
      { _meta: meta({ [META.clientCapabilities]: undefined }) },
      /lacks "io\.modelcontextprotocol\/clientCapabilities"/,
    ],
    ['null client capabilities', { _meta: meta({ [META.clientCapabilities]: null }) }, /clientCapabilities" must be an object/],
    ['array client capabilities', { _meta: meta({ [META.clientCapabilities]: [] }) }, /clientCapabilities" must be an object/],
    ['string client capabilities', { _meta: meta({ [META.clientCapabilities]: 'all' }) }, /clientCapabilities" must be an object/],
    [
      'clientInfo without version',
      { _meta: meta({ [META.clientInfo]: { name: 'c' } }) },
      /clientInfo" must be an object with string "name" and "version"/,
    ],
    ['clientInfo with a numeric name', { _meta: meta({ [META.clientInfo]: { name: 1, version: '1' } }) }, /clientInfo" must be/],
    ['a string clientInfo', { _meta: meta({ [META.clientInfo]: 'c/1' }) }, /clientInfo" must be/],
    ['a null clientInfo', { _meta: meta({ [META.clientInfo]: null }) }, /clientInfo" must be/],
    ['an unknown logLevel', { _meta: meta({ [META.logLevel]: 'verbose' }) }, /logLevel" must be a logging level/],
    ['an upper-case logLevel', { _meta: meta({ [META.logLevel]: 'INFO' }) }, /logLevel" must be a logging level/],
    ['a numeric logLevel', { _meta: meta({ [META.logLevel]: 1 }) }, /logLevel" must be a logging level/],
    ['an inherited logLevel name', { _meta: meta({ [META.logLevel]: 'toString' }) }, /logLevel" must be a logging level/],
  ];
  for (const [what, params, message] of invalid) {
    it(`refuses ${what} with -32602`, () => {
      const error = refusal(params);
      expect(error.code).to.equal(-32602);
      expect(error.message).to.match(message);
      expect(error.message).to.match(/^Invalid params: /);
    });
  }

  it('checks the version before the capabilities: an unknown version without capabilities is -32022', () => {
    const error = refusal({ _meta: { [META.protocolVersion]: '2099-01-01' } });
    expect(error.code).to.equal(-32022);
  });

  for (const version of ['2025-11-25', '2025-06-18', '2099-01-01', 'draft', '2026-07-28 ']) {
    it(`answers version ${JSON.stringify(version)} with -32022, data { requested, supported }`, () => {
      const error = refusal({ _meta: meta({ [META.protocolVersion]: version }) });
      expect(error.code).to.equal(-32022);
      // Exactly the versions an envelope may name: never a 2025 version, which an envelope cannot carry.
      expect(error.data).to.deep.equal({ requested: version, supported: ['2026-07-28'] });
      // The error as a 2026 response validates against UnsupportedProtocolVersionError.
      expect(schemaErrors('UnsupportedProtocolVersionError', { jsonrpc: '2.0', id: 1, error: error.toJSON() }, '2026-07-28')).to.deep.equal(
        [],
      );
    });
  }

  const badCapabilities: [string, Record<string, unknown>, string][] = [
    ['elicitation: "yes"', { elicitation: 'yes' }, '"elicitation" must be an object'],
    ['elicitation: true', { elicitation: true }, '"elicitation" must be an object'],
    ['elicitation.form: 1', { elicitation: { form: 1 } }, '"elicitation.form" must be an object'],
    ['sampling: []', { sampling: [] }, '"sampling" must be an object'],
    ['sampling.tools: "on"', { sampling: { tools: 'on' } }, '"sampling.tools" must be an object'],
    ['roots: null', { roots: null }, '"roots" must be an object'],
    ['extensions: { x/y: true }', { extensions: { 'x/y': true } }, 'every entry of "extensions" must be an object'],
    ['experimental: "a"', { experimental: 'a' }, '"experimental" must be an object'],
  ];
  for (const [what, capabilities, reason] of badCapabilities) {
    it(`refuses clientCapabilities with ${what} (-32602): a value the 2026 schema rejects declares nothing`, () => {
      const error = refusal({ _meta: meta({ [META.clientCapabilities]: capabilities }) });
      expect(error.code).to.equal(-32602);
      expect(error.message).to.contain(reason);
    });
  }

  it('takes clientCapabilities the 2026 schema accepts, unknown keys included (the set is open)', () => {
    const capabilities = {
      elicitation: { form: {}, url: {} },
      sampling: { context: {}, tools: {} },
      roots: {},
      extensions: { 'io.modelcontextprotocol/tasks': {} },
      experimental: { mine: { on: true } },
      vendorThing: 'anything',
    };
    expect(readEnvelope({ _meta: meta({ [META.clientCapabilities]: capabilities }) }).clientCapabilities).to.deep.equal(capabilities);
    expect(schemaErrors('ClientCapabilities', capabilities, '2026-07-28')).to.deep.equal([]);
    for (const [, bad] of badCapabilities) expect(schemaErrors('ClientCapabilities', bad, '2026-07-28')).to.not.deep.equal([]);
  });

  it('lists the envelope versions first, then the versions initialize negotiates', () => {
    expect(allSupportedVersions()).to.deep.equal(['2026-07-28', ...SUPPORTED_PROTOCOL_VERSIONS]);
  });

  it('bounds the echoed version of a 10 KB version string (data.requested and the message)', () => {
    const huge = 'v'.repeat(10 * 1024);
    const error = refusal({ _meta: meta({ [META.protocolVersion]: huge }) });
    expect(error.code).to.equal(-32022);
    const data = error.data as { requested: string; supported: string[] };
    expect(data.requested.length).to.be.at.most(80);
    expect(data.requested.startsWith('v'.repeat(64))).to.equal(true);
    expect(data.supported).to.include('2026-07-28');
    expect(error.message.length).to.be.below(400);
    expect(JSON.stringify(error.toJSON()).length).to.be.below(1000);
  });

  it('echoes a version of exactly 64 characters untouched', () => {
    const edge = 'x'.repeat(64);
    expect((unsupportedVersion(edge).data as { requested: string }).requested).to.equal(edge);
    expect((unsupportedVersion(`${edge}y`).data as { requested: string }).requested).to.equal(`${edge}…`);
  });
});
