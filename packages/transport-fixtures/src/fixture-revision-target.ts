import { expect } from 'chai';
import type { RevisionScenarioTarget } from './revision-client-scenario';
import type { ToolCallResult } from './scenario-clients';

/** The text of a tool result's first content block. */
function textOf(result: ToolCallResult): string | undefined {
  const [first] = result.content as readonly { text?: string }[];
  return first?.text;
}

/**
 * What the fixture app (`createFixtureApp(serverName)`) offers to `revisionClientScenario`, so a
 * transport or a mount can run the official SDK clients of both MCP revisions against it.
 */
export function fixtureRevisionTarget(serverName: string): RevisionScenarioTarget {
  return {
    serverName,
    capabilities: ['tools', 'resources', 'prompts'],
    tools: ['echo', 'steps', 'ask', 'measure', 'touch'],
    structuredCall: {
      name: 'measure',
      arguments: { text: 'four' },
      check: (structured) => expect(structured).to.deep.equal({ text: 'four', length: 4 }),
    },
    read: {
      uri: 'fixture://static',
      check: ({ contents }) => expect(contents[0]).to.deep.include({ uri: 'fixture://static', text: 'static text' }),
      missingUri: 'fixture://nope',
    },
    prompt: {
      name: 'greet',
      arguments: { name: 'Lin' },
      check: (messages) => expect(messages).to.deep.equal([{ role: 'user', content: { type: 'text', text: 'Say hello to Lin.' } }]),
    },
    progress: { name: 'steps', arguments: {} },
    elicitation: {
      prepare: () => Promise.resolve({ name: 'ask', arguments: {} }),
      // The tool answers with the action it was given.
      answers: (['decline', 'accept'] as const).map((action) => ({
        answer: action === 'accept' ? { action, content: { name: 'Ada' } } : { action },
        check: (result: ToolCallResult) => {
          expect(textOf(result)).to.equal(action);
          return Promise.resolve();
        },
      })),
    },
    updates: {
      uri: 'fixture://static',
      change: async (client) => {
        expect(textOf(await client.callTool('touch', {}))).to.equal('touched');
      },
    },
  };
}
