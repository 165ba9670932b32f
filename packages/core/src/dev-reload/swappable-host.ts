import type { Token } from '@armature/di';
import type { SessionInfo, SessionScope } from '../context/request-context';
import type { HandlerClass } from '../metadata/handler-metadata';
import type { HandlerInstances } from '../routes/handler-instances';
import type { HandlerHost } from '../routes/handler-host';
import type { MountPath } from '../mount/mount-naming';

/**
 * The app's handler host behind one level of indirection, so a dev reload can put a freshly
 * built container in place while sessions, features and registries keep their reference.
 */
export class SwappableHandlerHost implements HandlerHost {
  constructor(private current: HandlerHost) {}

  get handlers(): readonly HandlerClass[] {
    return this.current.handlers;
  }

  instancesFor(cls: HandlerClass): Promise<HandlerInstances> {
    return this.current.instancesFor(cls);
  }

  mountOf(cls: HandlerClass): MountPath {
    return this.current.mountOf(cls);
  }

  openSession(session: SessionInfo): SessionScope {
    return this.current.openSession(session);
  }

  enhancer(cls: abstract new (...args: never[]) => object, handlerClass: object | undefined): object | undefined {
    return this.current.enhancer(cls, handlerClass);
  }

  get<T>(token: Token<T>): T {
    return this.current.get(token);
  }

  close(): Promise<void> {
    return this.current.close();
  }

  /** Puts `next` in place and returns the host it replaces (the caller closes it). */
  swap(next: HandlerHost): HandlerHost {
    const previous = this.current;
    this.current = next;
    return previous;
  }
}
