import { ArmatureError } from '@armature/di';
import type { UriTemplate } from '../uri-template/uri-template';
import type { UriTemplateOptions, UriTemplateValues } from '../uri-template/uri-template.types';

/** A parsed resource template: its variables and a linear-time matcher. */
export type TemplateMatcher = Pick<UriTemplate, 'variables' | 'match' | 'template'>;

type UriTemplateClass = typeof UriTemplate;
let loaded: UriTemplateClass | undefined;

/**
 * The URI template parser (about twenty modules), loaded when an app first declares a
 * resource template: a server without templates (most tool servers, a serverless cold start)
 * never runs them.
 */
function uriTemplate(): UriTemplateClass {
  return (loaded ??= (require('../uri-template/uri-template') as typeof import('../uri-template/uri-template')).UriTemplate);
}

/** Parses `template` once at boot; a parse error names the handler method that declared it. */
export function parseTemplate(owner: string, template: string, options?: UriTemplateOptions): UriTemplate {
  try {
    return uriTemplate().parse(template, options);
  } catch (error) {
    if (error instanceof ArmatureError) throw new ArmatureError(error.code, `${owner}: ${error.message}`, { cause: error });
    throw error;
  }
}

/** A URI both templates accept (so reads would depend on order), or undefined when they are disjoint. */
export function templatesOverlap(a: TemplateMatcher, b: TemplateMatcher): string | undefined {
  // Both were parsed here (so the parser is loaded) unless one is a matcher of another kind.
  const parser = loaded;
  if (parser === undefined || !(a instanceof parser) || !(b instanceof parser)) return undefined;
  return parser.overlap(a, b) ?? undefined;
}

/** Decoded variables of a matched URI. */
export type { UriTemplateValues };
