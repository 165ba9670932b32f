import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { listenHttp } from '../src';
import { sdkClientScenario } from '@armature/transport-fixtures';

for (const stateless of [false, true]) {
  const mode = stateless ? 'stateless' : 'stateful';

  /** An Armature app served by `listenHttp`, driven by the official SDK client over real HTTP. */
  describe(`Armature app over Streamable HTTP (${mode}), end to end`, () => {
    sdkClientScenario({
      appName: 'http-fixture',
      serve: async (app) => {
        const handle = await listenHttp(app, { port: 0, stateless });
        return { url: handle.url, close: () => handle.close(100) };
      },
      clientTransport: (url) => new StreamableHTTPClientTransport(url),
      // Stateless mode keeps no session, so the scenario leaves out what needs one.
      session: stateless
        ? undefined
        : { ends: 'with DELETE', end: (client) => (client.transport as StreamableHTTPClientTransport).terminateSession() },
    });
  });
}
