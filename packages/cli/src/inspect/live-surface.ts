import * as path from 'node:path';
import type { Armature, ArmatureOptions, InMemoryTransport, Prompt, Resource, ResourceTemplate, RootModule, Tool } from '@armature/core';
import { loadRootModule } from '../serve/root-module';
import { cliVersion } from '../cli-version';
import { ListClient } from './list-client';

/** What a booted app advertises. */
export interface LiveSurface {
  readonly tools: readonly Tool[];
  readonly resources: readonly Resource[];
  readonly templates: readonly ResourceTemplate[];
  readonly prompts: readonly Prompt[];
}

/** The parts of `@armature/core` inspect uses, loaded from the app's own copy. */
interface CoreModule {
  readonly Armature: { create(root: RootModule, options: ArmatureOptions): Promise<Armature> };
  readonly InMemoryTransport: { createLinkedPair(): [InMemoryTransport, InMemoryTransport] };
}

/**
 * Boots the root module exported by a compiled file (`dist/src/app.module.js`, or
 * `file.js#ExportName` to pick one) with the app's own `@armature/core`, and lists what it
 * serves through an in-memory MCP client. The app is closed afterwards.
 */
export async function listLiveSurface(entry: string): Promise<LiveSurface> {
  const { file, root } = loadRootModule(entry);
  const core = require(require.resolve('@armature/core', { paths: [path.dirname(file)] })) as CoreModule;
  const app = await core.Armature.create(root, { name: 'armature-inspect', version: cliVersion() });
  try {
    const [clientEnd, serverEnd] = core.InMemoryTransport.createLinkedPair();
    await app.connect(serverEnd);
    const client = new ListClient(clientEnd);
    const capabilities = await client.initialize();
    const has = (kind: string): boolean => capabilities[kind] !== undefined;
    const surface: LiveSurface = {
      tools: has('tools') ? await client.listAll<Tool>('tools/list', 'tools') : [],
      resources: has('resources') ? await client.listAll<Resource>('resources/list', 'resources') : [],
      templates: has('resources') ? await client.listAll<ResourceTemplate>('resources/templates/list', 'resourceTemplates') : [],
      prompts: has('prompts') ? await client.listAll<Prompt>('prompts/list', 'prompts') : [],
    };
    await client.close();
    return surface;
  } finally {
    await app.close({ drainMs: 0 });
  }
}
