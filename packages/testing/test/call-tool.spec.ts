import { expect } from 'chai';
import { callTool, callToolResult, callToolText, createTestServer, expectToolError, ToolCallError, type TestServer } from '../src';
import type { Greeting } from './fixtures/greeter.handlers';
import { GreeterModule } from './fixtures/greeter.module';
import { ensureFixtureManifest } from './support/fixture-manifest';

const rejection = <T>(promise: Promise<T>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('tool call helpers', () => {
  let server: TestServer;

  before(async function () {
    this.timeout(60_000);
    ensureFixtureManifest();
    server = await createTestServer(GreeterModule);
  });

  after(() => server.close());

  it('callTool returns the structured content, typed by the caller', async () => {
    const greeting = await callTool<Greeting>(server.client, 'greet', { name: 'Ada' });
    expect(greeting.message).to.equal('Hello, Ada!');
    expect(greeting.at).to.be.a('string');
  });

  it('callTool throws a ToolCallError carrying the tool text when the tool answers isError', async () => {
    const error = await rejection(callTool(server.client, 'fail', { reason: 'The moon is down.' }));
    expect(error).to.be.instanceOf(ToolCallError);
    const failure = error as ToolCallError;
    expect(failure.code).to.equal('ARM_ERR_TOOL_CALL_FAILED');
    expect(failure.tool).to.equal('fail');
    expect(failure.text).to.equal('The moon is down.');
    expect(failure.message).to.include('tool "fail" answered isError: The moon is down.');
    expect(failure.result.isError).to.equal(true);
  });

  it('callTool reports invalid arguments as the validation message a model would read', async () => {
    const error = (await rejection(callTool(server.client, 'greet', { name: '' }))) as ToolCallError;
    expect(error.text).to.include('name: must be at least 1 character long');
  });

  it('callTool refuses a result without structured content, pointing to callToolText', async () => {
    const error = (await rejection(callTool(server.client, 'shout', { text: 'hi' }))) as ToolCallError;
    expect(error.message).to.include('without structuredContent').and.include('callToolText');
    expect(await callToolText(server.client, 'shout', { text: 'hi' })).to.equal('HI');
  });

  it('callToolText throws on isError too', async () => {
    const error = await rejection(callToolText(server.client, 'fail', { reason: 'nope' }));
    expect(error).to.be.instanceOf(ToolCallError);
  });

  it('expectToolError returns the error text, and fails when the tool succeeds', async () => {
    expect(await expectToolError(server.client, 'fail', { reason: 'Try later.' })).to.equal('Try later.');
    const error = (await rejection(expectToolError(server.client, 'shout', { text: 'x' }))) as { code: string; message: string };
    expect(error.code).to.equal('ARM_ERR_TOOL_CALL_SUCCEEDED');
  });

  it('callToolResult returns the whole answer, and unknown tools stay JSON-RPC errors', async () => {
    const result = await callToolResult(server.client, 'greet', { name: 'Bo' });
    expect(result.content[0]).to.deep.include({ type: 'text' });
    const error = (await rejection(callToolResult(server.client, 'nope'))) as { code: number };
    expect(error.code).to.equal(-32602);
  });
});
