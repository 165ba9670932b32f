import type { JsonSchema, MethodKind } from '../metadata/handler-metadata.types';
import type { PromptArgument } from '../wire/mcp-types.generated';

/** The file name `armature build` writes at the root of the compiled output. */
export const MANIFEST_FILE_NAME = 'armature.manifest.json';

/**
 * The format `armature build` writes to `armature.manifest.json`: 4, each schema stored as its
 * JSON text (so a boot parses only the schemas it uses) and each parameter list as a short text
 * when it fits one (`aquery!,cctx`, see `PARAM_LIST_TEXT`). This runtime also reads formats 3 and 2.
 */
export const MANIFEST_FORMAT_VERSION = 4;

/** The previous built format (schemas as texts, parameter lists as objects), still read from files and code. */
export const TEXT_SCHEMAS_MANIFEST_FORMAT = 3;

/** The previous built format (schemas as objects), still read from files and code. */
export const OBJECT_SCHEMAS_MANIFEST_FORMAT = 2;

/** The inline form (schemas written in place): accepted from code (`Armature.create`), not from files. */
export const INLINE_MANIFEST_FORMAT = 1;

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

/** What a method entry says besides its parameters and schemas. */
interface ManifestMethodBase {
  readonly kind: MethodKind;
  readonly description?: string;
  readonly argumentStyle?: 'positional' | 'dto';
  /** True when the output schema is `{ result: … }` around an array or primitive return. */
  readonly outputWrapped?: boolean;
  /** Prompt arguments (prompts only). */
  readonly arguments?: readonly PromptArgument[];
  /** Tools: `sha256-…` of the input and output schemas `armature build` wrote (what audit records carry). */
  readonly fingerprint?: string;
  /**
   * Tools: JSON Pointers into the arguments of values marked `@sensitive` (`*` for any array
   * item or map value); audit records show them as `"[redacted]"`.
   */
  readonly sensitive?: readonly string[];
}

/** One decorated method, its parameters and schemas written in place (the inline form, format 1). */
export interface ManifestMethod extends ManifestMethodBase {
  readonly params: readonly ManifestParam[];
  readonly inputSchema?: JsonSchema;
  readonly outputSchema?: JsonSchema;
}

/**
 * One decorated method as `armature build` stores it: `params` is an index into the
 * manifest's `paramLists`, the schemas indexes into its `schemas`.
 */
export interface BuiltManifestMethod extends ManifestMethodBase {
  readonly params: number;
  readonly inputSchema?: number;
  readonly outputSchema?: number;
}

/** One handler class. */
export interface ManifestHandler<M = ManifestMethod> {
  readonly className: string;
  /** `file.ts:line` of the class declaration, for messages. */
  readonly source?: string;
  readonly methods: { readonly [method: string]: M };
}

/**
 * A name, URI or template a module class serves, recorded by `armature build` so that the
 * build of an app importing the module (from another package) can report clashes.
 */
export interface ManifestServedName {
  readonly kind: MethodKind;
  /** As served: the tool or prompt name, the resource URI or the URI template. */
  readonly name: string;
  /** `Class.method` declaring it. */
  readonly owner: string;
  /** `<source file relative to the manifest's folder>:<line>` of the declaration. */
  readonly source: string;
}

/** Fields every manifest may carry besides its handlers. */
interface ManifestHeader {
  readonly comment?: string;
  readonly generator?: string;
  readonly sourceHash?: string;
  /** What each module class serves, keyed like `handlers` (`<compiled file>#<ModuleClass>`); the runtime does not read it. */
  readonly modules?: { readonly [key: string]: readonly ManifestServedName[] };
}

/**
 * A typed elicitation form as `armature build` stores it: where the (first) call is, and its
 * `requestedSchema` as an index into `schemas`.
 */
export interface BuiltElicitForm {
  readonly source?: string;
  readonly schema: number;
}

/** A typed elicitation form written in place (the inline form). */
export interface InlineElicitForm {
  readonly source?: string;
  readonly schema: JsonSchema;
}

/**
 * A manifest with its schemas written in place (format 1): convenient for manifests written
 * by hand and passed to `Armature.create` (tests). A file in this form was written by an
 * older `armature build` and is refused.
 */
export interface InlineManifest extends ManifestHeader {
  readonly armature: typeof INLINE_MANIFEST_FORMAT;
  /** Keyed by `<compiled file relative to the manifest's folder>#<ClassName>`. */
  readonly handlers: { readonly [key: string]: ManifestHandler };
  /** Typed elicitation forms by key (`ctx.elicit<T>(message, { key })`). */
  readonly elicitForms?: { readonly [key: string]: InlineElicitForm };
}

/**
 * The contents of `armature.manifest.json` (format 4): each distinct parameter list once in
 * `paramLists` (its short text, `aquery!,alimit?,cctx`, or its parameter objects when it has
 * defaults or descriptions) and each distinct schema once in `schemas`, as its JSON text
 * (`JSON.stringify` of the schema), referred to by index from the methods.
 */
export interface BuiltManifest extends ManifestHeader {
  readonly armature: typeof MANIFEST_FORMAT_VERSION;
  readonly paramLists: readonly (string | readonly ManifestParam[])[];
  readonly schemas: readonly string[];
  /** Keyed by `<compiled file relative to the manifest's folder>#<ClassName>`. */
  readonly handlers: { readonly [key: string]: ManifestHandler<BuiltManifestMethod> };
  /** Typed elicitation forms by key (`ctx.elicit<T>(message, { key })`); absent when the app has none. */
  readonly elicitForms?: { readonly [key: string]: BuiltElicitForm };
}

/** Format 3, written by earlier `armature build`s: format 4 with every parameter list as objects. */
export interface TextSchemasManifest extends ManifestHeader {
  readonly armature: typeof TEXT_SCHEMAS_MANIFEST_FORMAT;
  readonly paramLists: readonly (readonly ManifestParam[])[];
  readonly schemas: readonly string[];
  readonly handlers: { readonly [key: string]: ManifestHandler<BuiltManifestMethod> };
}

/** Format 2, written by earlier `armature build`s: format 3 with each schema as an object. */
export interface ObjectSchemasManifest extends ManifestHeader {
  readonly armature: typeof OBJECT_SCHEMAS_MANIFEST_FORMAT;
  readonly paramLists: readonly (readonly ManifestParam[])[];
  readonly schemas: readonly JsonSchema[];
  readonly handlers: { readonly [key: string]: ManifestHandler<BuiltManifestMethod> };
}

/** A manifest as `Armature.create({ manifest })` takes it: as built (format 4, 3 or 2), or inline. */
export type ArmatureManifest = BuiltManifest | TextSchemasManifest | ObjectSchemasManifest | InlineManifest;

export { PARAM_LIST_TEXT, encodeParamList, decodeParamList, type ShortFormParam } from './param-list-text';
