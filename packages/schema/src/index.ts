// Public API of @armature/schema: the build-time scanner. Never imported at run time.
export { scanProgram, type ScanOptions, type ScanResult } from './scan/project-scanner';
export { createProgramFromTsconfig, readTsconfig, TsconfigError } from './program/tsconfig-program';
export { createInMemoryProgram, IN_MEMORY_OPTIONS } from './program/in-memory-program';
export { scanProject, scanSources } from './scan-entry-points';
export { serializeManifest, writeManifest } from './manifest/manifest-writer';
export { fromManifestDocument, toManifestDocument } from './manifest/manifest-document';
export { hashSources, type HashedSource } from './manifest/source-hash';
export { canonicalJson, schemaFingerprint } from './manifest/schema-fingerprint';
export { generatorName } from './manifest/generator-name';
export { OutputPaths } from './manifest/output-paths';
export { JSON_SCHEMA_DIALECT, withDialect } from './manifest/schema-dialect';
export {
  MANIFEST_COMMENT,
  MANIFEST_DOCUMENT_FORMAT,
  MANIFEST_FILE_NAME,
  type JsonSchema,
  type JsonValue,
  type Manifest,
  type ManifestDocument,
  type ManifestDocumentHandler,
  type ManifestDocumentMethod,
  type ManifestElicitForm,
  type ManifestHandler,
  type ManifestMethod,
  type ManifestParam,
  type ManifestPromptArgument,
  type MethodKind,
  type ParamRole,
} from './manifest/manifest.types';
export { formatProblem, formatProblems, formatSubject, type BuildProblem } from './problems/build-problem';
export { formatNote, formatNotes, isWarning, type BuildNote } from './problems/build-note';
export {
  NOTE_CODES,
  PROBLEM_CODES,
  SCHEMA_NOTES,
  SCHEMA_PROBLEMS,
  SCHEMA_WARNINGS,
  WARNING_CODES,
  type NoteCode,
  type ProblemCode,
  type WarningCode,
} from './problems/problem-codes';
export { TypeToSchema, describeUnsupported, type ConversionResult, type DefsMode, type SchemaMode } from './convert/type-to-schema';
export { DEF_NAME_TAG, DEF_KEY_PATTERN } from './convert/def-names';
export type { UnsupportedPart } from './convert/unsupported-type-finder';
export type { NormalizedSchema } from './convert/schema-normalizer';
export { KEYWORD_TAGS, SCHEMA_DEFS_TAG } from './scan/jsdoc-reader';
export { KNOWN_FORMATS } from './scan/keyword-values';
export { TOOL_NAME_PATTERN } from './scan/name-registry';
export { templateVariables, type TemplateVariable } from './scan/uri-template';
export { ScanCache } from './scan/scan-cache';
export { toFormSchema, type FormSchemaResult } from './elicit/form-schema';
export type { ElicitFormSite } from './elicit/elicit-call-scanner';
export { sourceWarnings } from './scan/tag-spelling-report';
export { closestSchemaTag } from './scan/tag-spelling';
export type { FileScan } from './scan/file-scanner';
export { HandlerMethodFinder, type HandlerMethodSite } from './scan/handler-method-sites';
export type { NameClaim } from './scan/name-registry';
export type { ModuleNode } from './scan/module-reader';
