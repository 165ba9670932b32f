import type { Token } from '@armature/di';
import type { SessionInfo, SessionScope } from '../context/request-context';
import type { HandlerClass } from '../metadata/handler-metadata';
import type { HandlerInstances } from './handler-instances';
import type { MountPath } from '../mount/mount-naming';

/**
 * What the application layer needs of the DI container: the handler classes, a way to get
 * their instances (once at boot for singletons, per call otherwise), session scopes, shutdown.
 */
export interface HandlerHost {
  /** Every handler class of every module, in module order. */
  readonly handlers: readonly HandlerClass[];
  /** How routes of `cls` get their instance; resolves singletons now. */
  instancesFor(cls: HandlerClass): Promise<HandlerInstances>;
  /** The mount path `cls` is served under (empty when no `mount()` is above its module). */
  mountOf(cls: HandlerClass): MountPath;
  /** The per-session DI scope (`ServerFeatures.openSession`). */
  openSession(session: SessionInfo): SessionScope;
  /**
   * A guard or interceptor class provided to `handlerClass`'s module (any module when
   * undefined or not a container handler), as a singleton; undefined when no module provides
   * it. Throws `ARM_ERR_INVALID_ENHANCER` when it is provided with another scope.
   */
  enhancer(cls: abstract new (...args: never[]) => object, handlerClass: object | undefined): object | undefined;
  /** A singleton from the container (`ARM_ERR_NOT_SINGLETON` for other scopes). */
  get<T>(token: Token<T>): T;
  /** Runs shutdown hooks. */
  close(): Promise<void>;
}
