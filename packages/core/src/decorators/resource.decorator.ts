import { recordHandlerMethod } from '../metadata/handler-metadata';
import type { ResourceOptions } from '../metadata/handler-metadata.types';
import type { Resource as WireResource } from '../wire/mcp-types.generated';

/**
 * Serves the method as the fixed resource `uri` (listed by `resources/list`). The method may
 * return a string, bytes (`Buffer`/`Uint8Array`), a JSON value, or a full contents array;
 * `undefined` means "not found" (-32002).
 *
 * @example
 * ```ts
 * @Resource('notes://index', { mimeType: 'application/json' })
 * index(): NoteSummary[] { … }
 * ```
 */
export function Resource(uri: string, options: ResourceOptions = {}): MethodDecorator {
  return (target, propertyKey, descriptor) => {
    recordHandlerMethod('Resource', target, propertyKey, (method) => ({ kind: 'resource', method, uri, options }), descriptor);
  };
}

/**
 * The spec's wire shape of a resource as `resources/list` sends it. Declared beside the decorator so that `Resource` names
 * both: the decorator as a value, the wire type as a type.
 */
export type Resource = WireResource;
