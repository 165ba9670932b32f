import * as path from 'node:path';
import type { Armature, ArmatureOptions, InMemoryTransport, Prompt, Resource, ResourceTemplate, RootModule, Tool } from '@armature/core';
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

/** `@armature/di` records `@Module` metadata under this key (`Symbol.for`, so every copy agrees). */
const MODULE_METADATA = Symbol.for('armature.di.module');

/**
 * Boots the root module exported by a compiled file (`dist/src/app.module.js`, or
 * `file.js#ExportName` to pick one) with the app's own `@armature/core`, and lists what it
 * serves through an in-memory MCP client. The app is closed afterwards.
 */
export async function listLiveSurface(entry: string): Promise<LiveSurface> {
  const [fileText, exportName] = entry.split('#') as [string, string | undefined];
  const file = path.resolve(fileText);
  const exported = require(file) as Record<string, unknown>;
  const root = pickRoot(exported, exportName, file);
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

function pickRoot(exported: Record<string, unknown>, name: string | undefined, file: string): RootModule {
  if (name !== undefined) {
    const value = exported[name];
    if (!isModule(value)) throw new Error(`${file} exports no module named ${name}.`);
    return value;
  }
  const modules = Object.entries(exported).filter(([, value]) => isModule(value));
  if (modules.length === 1) return (modules[0] as [string, RootModule])[1];
  if (modules.length === 0) throw new Error(`${file} exports no @Module class or dynamic module; pass the file that exports the root module (e.g. dist/src/app.module.js).`);
  throw new Error(`${file} exports several modules (${modules.map(([n]) => n).join(', ')}); pick one with --entry ${path.basename(file)}#<Name>.`);
}

function isModule(value: unknown): value is RootModule {
  // reflect-metadata is loaded by the app's own @armature/di when its module file is required.
  const reflect = Reflect as unknown as { getOwnMetadata?: (key: symbol, target: object) => unknown };
  if (typeof value === 'function') return reflect.getOwnMetadata?.(MODULE_METADATA, value) !== undefined;
  return typeof value === 'object' && value !== null && typeof (value as { module?: unknown }).module === 'function';
}
