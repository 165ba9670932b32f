import { MANIFEST_FILE_NAME, MANIFEST_FORMAT_VERSION } from '@armature/core/manifest';

/** A JSON value, as it appears in a manifest (defaults, examples, schemas). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON Schema (2020-12) object. Keywords are kept open: the scanner writes plain JSON. */
export interface JsonSchema {
  [keyword: string]: JsonValue;
}

/** What a decorated method is. */
export type MethodKind = 'tool' | 'prompt' | 'resource' | 'resourceTemplate';

/**
 * How the kernel fills a parameter: `argument` (a property of the input schema / a prompt argument),
 * `context` (the `RequestContext`), `dto` (the whole arguments object, as a class instance),
 * `variable` (a URI-template variable, by name).
 */
export type ParamRole = 'argument' | 'context' | 'dto' | 'variable';

/** One parameter of a decorated method, in declaration order. */
export interface ManifestParam {
  readonly index: number;
  readonly name: string;
  readonly role: ParamRole;
  /** Present for `argument`, `dto` and `variable`; absent for `context`. */
  readonly required?: boolean;
  /** The parameter initializer, when it is a literal. */
  readonly default?: JsonValue;
}

/** One entry of a prompt's `arguments` list (MCP `PromptArgument`). */
export interface ManifestPromptArgument {
  readonly name: string;
  readonly description?: string;
  readonly required: boolean;
}

/** What the scanner learned about one decorated method. */
export interface ManifestMethod {
  readonly kind: MethodKind;
  /** Tools and prompts: the name clients call it by (the decorator's literal `name`, else the method name). */
  readonly name?: string;
  /** Resources and templates: the literal URI or URI template of the decorator. */
  readonly uri?: string;
  /** Tools: {@link schemaFingerprint} of the input and output schemas (what `armature diff` compares first). */
  readonly fingerprint?: string;
  /** From the method's JSDoc when present (the decorator's own `description` wins at run time). */
  readonly description?: string;
  /** Tools only: `positional` (one property per parameter) or `dto` (one class parameter). */
  readonly argumentStyle?: 'positional' | 'dto';
  readonly params: readonly ManifestParam[];
  /** Tools only; absent when the decorator gives an explicit `inputSchema`. */
  readonly inputSchema?: JsonSchema;
  /**
   * Tools only: JSON Pointers into the arguments of the values marked `@sensitive` (`*` for any
   * array item or map value), which audit records show as `"[redacted]"`.
   */
  readonly sensitive?: readonly string[];
  /** Tools only; absent for string, void and content returns, or when the decorator gives one. */
  readonly outputSchema?: JsonSchema;
  /** With `outputSchema`: true when the kernel must shape the value as `{ "result": value }`. */
  readonly outputWrapped?: boolean;
  /** Prompts only. */
  readonly arguments?: readonly ManifestPromptArgument[];
}

/** All decorated methods of one handler class. */
export interface ManifestHandler {
  readonly className: string;
  /** `<source file relative to the project>:<line>` of the class declaration. */
  readonly source: string;
  readonly methods: Readonly<Record<string, ManifestMethod>>;
}

/** A typed elicitation's form (`ctx.elicit<T>(message, { key })`), under its key. */
export interface ManifestElicitForm {
  /** `<file relative to the project>:<line>:<column>` of the (first) call. */
  readonly source: string;
  /** The MCP form schema (`requestedSchema`) made from the call's type argument. */
  readonly schema: JsonSchema;
}

/**
 * A name, URI or template a module class of the project serves (its own handlers' and those of
 * the modules it imports inside the project, under the mounts written there), so that the
 * build of an app importing the module can report clashes with both places.
 */
export interface ManifestServedName {
  readonly kind: 'tool' | 'prompt' | 'resource' | 'resourceTemplate';
  /** As served: the tool or prompt name, the resource URI or the URI template. */
  readonly name: string;
  /** `Class.method` declaring it. */
  readonly owner: string;
  /** `<source file relative to the manifest's folder>:<line>` of the declaration. */
  readonly source: string;
}

/**
 * A scanned manifest, every schema written in place (format 1, the inline form). This is what
 * {@link scanProgram} returns; on disk it is stored as a {@link ManifestDocument} (format 4).
 */
export interface Manifest {
  readonly armature: 1;
  readonly comment: string;
  readonly generator: string;
  /** `sha256-<hex>` over the project's source files (path and text). */
  readonly sourceHash: string;
  /** Keyed by `<compiled file relative to the manifest's folder>#<ClassName>`. */
  readonly handlers: Readonly<Record<string, ManifestHandler>>;
  /** Typed elicitation forms by key; absent when the app has none. */
  readonly elicitForms?: Readonly<Record<string, ManifestElicitForm>>;
  /** What each module class serves, keyed like `handlers`; absent when no module class serves anything. */
  readonly modules?: Readonly<Record<string, readonly ManifestServedName[]>>;
}

/**
 * The format of `armature.manifest.json` as `armature build` writes it: the one the runtime
 * reads (core's manifest contract, `@armature/core/manifest`, a module that loads nothing).
 */
export const MANIFEST_DOCUMENT_FORMAT = MANIFEST_FORMAT_VERSION;

/**
 * A method as stored in the file: its parameter list is an index into the document's
 * `paramLists`, its schemas indexes into `schemas`.
 */
export type ManifestDocumentMethod = Omit<ManifestMethod, 'params' | 'inputSchema' | 'outputSchema'> & {
  readonly params: number;
  readonly inputSchema?: number;
  readonly outputSchema?: number;
};

/** A handler as stored in the file. */
export interface ManifestDocumentHandler {
  readonly className: string;
  readonly source: string;
  readonly methods: Readonly<Record<string, ManifestDocumentMethod>>;
}

/**
 * The content of `armature.manifest.json` (format version 4): each distinct schema is stored
 * once in `schemas`, as its JSON text (`JSON.stringify` of the schema), each distinct parameter
 * list once in `paramLists` (its short text when it fits one; both in order of first use; format 3
 * stored every list as objects), and methods refer to them by index,
 * so a server whose tools share a shape stores, checks and compiles it once, and a server
 * parses only the schemas it uses (format 2 stored the objects). Still self-contained: no
 * `$ref` leaves a schema.
 */
export interface ManifestDocument {
  readonly armature: typeof MANIFEST_DOCUMENT_FORMAT;
  readonly comment: string;
  readonly generator: string;
  readonly sourceHash: string;
  /** Short texts (`aquery!,alimit?,cctx`, core's `PARAM_LIST_TEXT`) or, for lists with defaults or descriptions, the objects. */
  readonly paramLists: readonly (string | readonly ManifestParam[])[];
  /** JSON texts of schema objects. */
  readonly schemas: readonly string[];
  readonly handlers: Readonly<Record<string, ManifestDocumentHandler>>;
  /** Typed elicitation forms by key, each schema an index into `schemas`; absent when the app has none. */
  readonly elicitForms?: Readonly<Record<string, { readonly source: string; readonly schema: number }>>;
  /** What each module class serves (stored as scanned). */
  readonly modules?: Readonly<Record<string, readonly ManifestServedName[]>>;
}

/** The file name the manifest is written under, at the root of the compiled output (core's). */
export { MANIFEST_FILE_NAME };

/** The manifest's `comment` field. */
export const MANIFEST_COMMENT = 'Generated by armature build from TypeScript sources. Do not edit.';
