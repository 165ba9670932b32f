import { expect } from 'chai';
import { join } from 'node:path';
import { connectDownstream, DOWNSTREAM_KINDS } from './support/clients';
import { startGateway } from './support/gateway';
import { TOKENS } from './support/tokens';

const SDK_UPSTREAM = join(__dirname, 'support/sdk-upstream-main.js');

describe('@armature/proxy: an official SDK v1 server (stdio, MCP 2025-11-25 only) as the upstream', function () {
  this.timeout(60_000);

  for (const kind of DOWNSTREAM_KINDS) {
    it(`${kind}: its zod-schema tool and prompt are served under the prefix, structured content included`, async () => {
      const gateway = await startGateway([{ command: process.execPath, args: [SDK_UPSTREAM], prefix: 'sdk', stderr: 'ignore' }]);
      try {
        expect(gateway.proxies[0]?.upstreamRevision).to.equal('2025-11-25');
        const client = await connectDownstream(kind, gateway.url, TOKENS.alice as string);
        try {
          const tool = (await client.listTools()).find((t) => t.name === 'sdk_shout');
          expect(tool?.outputSchema).to.deep.include({ type: 'object' });
          const result = await client.callTool('sdk_shout', { text: 'hello' });
          expect(result.structuredContent).to.deep.equal({ shouted: 'HELLO' });
          const prompt = await client.getPrompt('sdk_motto', { topic: 'proxies' });
          expect(prompt.messages[0]?.content.text).to.equal('A motto about proxies.');
          expect(client.wire.violations).to.deep.equal([]);
        } finally {
          await client.close();
        }
      } finally {
        await gateway.close();
      }
    });
  }
});
