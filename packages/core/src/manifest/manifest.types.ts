import type { JsonSchema, MethodKind } from '../metadata/handler-metadata.types';
import type { PromptArgument } from '../protocol/mcp-types.generated';

/** The file name `armature build` writes at the root of the compiled output. */
export const MANIFEST_FILE_NAME = 'armature.manifest.json';

/** The manifest format this runtime reads. */
export const MANIFEST_FORMAT_VERSION = 1;

/**
 * How a parameter is filled: `argument` (a property of the arguments object, by name),
 * `context` (the `RequestContext`), `dto` (the whole arguments object, as a class instance),
 * `variable` (a URI-template variable, by name).
 */
export type ParamRole = 'argument' | 'context' | 'dto' | 'variable';

/** One method parameter, as the schema scanner saw it. */
export interface ManifestParam {
  readonly index: number;
  readonly name: string;
  readonly role: ParamRole;
  readonly required?: boolean;
  readonly default?: unknown;
  readonly description?: string;
}

/** One decorated method. */
export interface ManifestMethod {
  readonly kind: MethodKind;
  readonly description?: string;
  readonly argumentStyle?: 'positional' | 'dto';
  readonly params: readonly ManifestParam[];
  readonly inputSchema?: JsonSchema;
  readonly outputSchema?: JsonSchema;
  /** True when the output schema is `{ result: … }` around an array or primitive return. */
  readonly outputWrapped?: boolean;
  /** Prompt arguments (prompts only). */
  readonly arguments?: readonly PromptArgument[];
}

/** One handler class. */
export interface ManifestHandler {
  readonly className: string;
  /** `file.ts:line` of the class declaration, for messages. */
  readonly source?: string;
  readonly methods: { readonly [method: string]: ManifestMethod };
}

/** The contents of `armature.manifest.json` (format version 1). */
export interface ArmatureManifest {
  readonly armature: 1;
  readonly comment?: string;
  readonly generator?: string;
  readonly sourceHash?: string;
  /** Keyed by `<compiled file relative to the manifest's folder>#<ClassName>`. */
  readonly handlers: { readonly [key: string]: ManifestHandler };
}
