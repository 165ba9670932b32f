import { ArmatureError } from '@armature/di';
import { UriTemplate } from '../uri-template/uri-template';
import type { UriTemplateOptions, UriTemplateValues } from '../uri-template/uri-template.types';

/** A parsed resource template: its variables and a linear-time matcher. */
export type TemplateMatcher = Pick<UriTemplate, 'variables' | 'match' | 'template'>;

/** Parses `template` once at boot; a parse error names the handler method that declared it. */
export function parseTemplate(owner: string, template: string, options?: UriTemplateOptions): UriTemplate {
  try {
    return UriTemplate.parse(template, options);
  } catch (error) {
    if (error instanceof ArmatureError) throw new ArmatureError(error.code, `${owner}: ${error.message}`, { cause: error });
    throw error;
  }
}

/** A URI both templates accept (so reads would depend on order), or undefined when they are disjoint. */
export function templatesOverlap(a: TemplateMatcher, b: TemplateMatcher): string | undefined {
  if (!(a instanceof UriTemplate) || !(b instanceof UriTemplate)) return undefined;
  return UriTemplate.overlap(a, b) ?? undefined;
}

/** Decoded variables of a matched URI. */
export type { UriTemplateValues };
