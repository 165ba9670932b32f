import type { ConnectableApp } from '@armature/core/internal';
import { createKernelApp } from './kernel-app';
import { createPeerApp } from './peer-app';

/** What the transport tests need of a server peer. */
export interface TestApp extends ConnectableApp {
  release(key: string): void;
  started(key: string): Promise<void>;
  notifyToolsChanged(): Promise<void>;
}

/** Both real peers: the official SDK's low-level Server, and our own engine. */
export const PEERS: readonly { readonly name: string; readonly create: () => TestApp }[] = [
  { name: 'SDK Server peer', create: createPeerApp },
  { name: 'Armature engine peer', create: createKernelApp },
];
