import { Injectable, type OnDispose, type OnShutdown } from '@armature/di';

/**
 * What the providers below saw, in order: shutdown and ephemeral-session tests assert that a
 * session's scope is disposed before the app's shutdown hooks run. Tests clear it before each case.
 */
export const lifecycleEvents: string[] = [];

/** A session-scoped provider that records its disposal. */
@Injectable({ scope: 'session' })
export class SessionResource implements OnDispose {
  onDispose(): void {
    lifecycleEvents.push('session disposed');
  }
}

/** A singleton that records the app's shutdown hook. */
@Injectable()
export class Database implements OnShutdown {
  onShutdown(): void {
    lifecycleEvents.push('shutdown hook');
  }
}
