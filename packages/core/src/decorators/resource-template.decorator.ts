import { recordHandlerMethod } from '../metadata/handler-metadata';
import type { ResourceTemplateOptions } from '../metadata/handler-metadata.types';
import type { ResourceTemplate as WireResourceTemplate } from '../wire/mcp-types.generated';

/**
 * Serves every URI matching the RFC 6570 template (listed by `resources/templates/list`).
 * Each template variable is passed to the method parameter of the same name, decoded; a
 * variable without a parameter (or a parameter without a variable) fails at boot.
 *
 * @example
 * ```ts
 * @ResourceTemplate('notes://{id}', { mimeType: 'text/markdown', complete: { id: 'completeId' } })
 * note(id: string): string | undefined { … }
 * ```
 */
export function ResourceTemplate(uriTemplate: string, options: ResourceTemplateOptions = {}): MethodDecorator {
  return (target, propertyKey, descriptor) => {
    recordHandlerMethod(
      'ResourceTemplate',
      target,
      propertyKey,
      (method) => ({
        kind: 'resourceTemplate',
        method,
        uriTemplate,
        options,
      }),
      descriptor,
    );
  };
}

/**
 * The spec's wire shape of a resource template as `resources/templates/list` sends it. Declared beside the decorator so that `ResourceTemplate` names
 * both: the decorator as a value, the wire type as a type.
 */
export type ResourceTemplate = WireResourceTemplate;
