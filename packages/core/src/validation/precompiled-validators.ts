import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { ajvFingerprint } from './ajv-setup';

/** The file `armature build` writes next to `armature.manifest.json`. */
export const VALIDATORS_FILE_NAME = 'armature.validators.js';

/** The layout of that file this runtime reads (2: with `manifestDigest` and `failed`; `manifestStamp` optional). */
export const VALIDATORS_FORMAT = 2;

/** A precompiled validator's factory: given a `require` for ajv's run-time helpers, the validate function. */
export type ValidatorFactory = (require: (id: string) => unknown) => ValidateFunction;

/** What the generated module exports. */
export interface ValidatorsModule {
  readonly format: number;
  /** `ajvFingerprint()` of the core that generated it. */
  readonly fingerprint: string;
  /** The exact JSON text of each schema (`JSON.stringify` of the manifest's schema object). */
  readonly schemas: readonly string[];
  /** `factories[i]` builds the validator of `schemas[i]`. */
  readonly factories: readonly ValidatorFactory[];
  /** SHA-256 (hex) of the bytes of the manifest file it was generated for. */
  readonly manifestDigest?: string;
  /** That file's `manifestStamp` (size and modification time) when it was written: a boot that sees the same stamp need not hash it. */
  readonly manifestStamp?: string;
  /** Texts of the manifest's tool schemas ajv could not compile (the server refuses them at boot). */
  readonly failed: readonly string[];
}

/**
 * The only modules generated code may require: ajv's run-time helpers and ajv-formats' format
 * functions, resolved from this copy of core (so an app whose own folder cannot resolve ajv,
 * as under pnpm, still works). Each is a literal `require`, so that a bundler packing the app
 * (`armature bundle`) packs them in too. (ajv's `runtime/re2` is left out: it needs the native
 * `re2` package, and only ajv's `code.regExp` option, which core never sets, emits it.)
 */
const RUNTIME_MODULES: Readonly<Record<string, () => unknown>> = {
  'ajv/dist/runtime/equal': () => require('ajv/dist/runtime/equal') as unknown,
  'ajv/dist/runtime/parseJson': () => require('ajv/dist/runtime/parseJson') as unknown,
  'ajv/dist/runtime/quote': () => require('ajv/dist/runtime/quote') as unknown,
  'ajv/dist/runtime/timestamp': () => require('ajv/dist/runtime/timestamp') as unknown,
  'ajv/dist/runtime/ucs2length': () => require('ajv/dist/runtime/ucs2length') as unknown,
  'ajv/dist/runtime/uri': () => require('ajv/dist/runtime/uri') as unknown,
  'ajv/dist/runtime/validation_error': () => require('ajv/dist/runtime/validation_error') as unknown,
  'ajv-formats/dist/formats': () => require('ajv-formats/dist/formats') as unknown,
};

function runtimeRequire(id: string): unknown {
  const load = Object.hasOwn(RUNTIME_MODULES, id) ? RUNTIME_MODULES[id] : undefined;
  if (load === undefined) throw new Error(`a precompiled validator may not require ${JSON.stringify(id)}`);
  return load();
}

/** Whether `value` has the shape of a generated validators module. */
function isValidatorsModule(value: unknown): value is ValidatorsModule {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Partial<ValidatorsModule>;
  return (
    typeof m.format === 'number' &&
    typeof m.fingerprint === 'string' &&
    Array.isArray(m.schemas) &&
    Array.isArray(m.factories) &&
    m.schemas.length === m.factories.length &&
    Array.isArray(m.failed) &&
    (m.manifestDigest === undefined || typeof m.manifestDigest === 'string') &&
    (m.manifestStamp === undefined || typeof m.manifestStamp === 'string')
  );
}

/** The manifest a validators file is loaded for, as `ManifestFile` describes it. */
export interface ManifestIdentity {
  /** `manifestStamp` of the bytes read, when known. */
  readonly stamp?: string;
  /** SHA-256 (hex) of those bytes; called only when the stamps do not settle it. */
  digest(): string;
}

/** Whether `module` was generated for `manifest`'s bytes: the same stamp, else the same digest. */
function generatedFor(module: ValidatorsModule, manifest: ManifestIdentity | undefined): boolean {
  if (manifest === undefined || module.manifestDigest === undefined) return false;
  if (manifest.stamp !== undefined && module.manifestStamp === manifest.stamp) return true;
  return module.manifestDigest === manifest.digest();
}

/**
 * Reads a generated validators module. Returns undefined when the file is absent, and also
 * (silently: the validators are then compiled at boot, as before) when it was written for
 * another layout, another ajv or other options. A file that exists but cannot be loaded is
 * reported through `warn`. The module is not left in `require.cache`, so a dev reload reads
 * the file `armature dev` just rewrote.
 */
export function readValidatorsModule(path: string, warn: (message: string) => void): ValidatorsModule | undefined {
  const file = resolve(path);
  if (!existsSync(file)) return undefined;
  let loaded: unknown;
  try {
    loaded = require(file) as unknown;
  } catch (error) {
    warn(
      `Cannot load ${file} (${(error as Error).message}); its validators are compiled at boot instead. Run \`armature build\` to regenerate it.`,
    );
    return undefined;
  } finally {
    delete require.cache[file];
  }
  if (!isValidatorsModule(loaded) || loaded.format !== VALIDATORS_FORMAT) return undefined;
  // Which ajv made it matters only when ajv made something: a file whose schemas the shared
  // checker plans all alone (the common case) is used without reading ajv's package.json files.
  const madeByAjv = loaded.schemas.length > 0 || loaded.failed.length > 0;
  if (madeByAjv && loaded.fingerprint !== ajvFingerprint()) return undefined;
  return loaded;
}

/**
 * The precompiled validators of one manifest folder, by exact schema text. A factory runs
 * only when a route asks for its schema, so validators of schemas no longer in use cost nothing.
 */
export class PrecompiledValidators {
  private readonly index = new Map<string, number>();
  private readonly failed: ReadonlySet<string>;

  private constructor(
    private readonly module: ValidatorsModule,
    /** Generated for the manifest file being loaded (same bytes), by this core. */
    private readonly current: boolean,
  ) {
    module.schemas.forEach((text, i) => this.index.set(text, i));
    this.failed = new Set(module.failed);
  }

  /**
   * The validators in `file`, or undefined (see {@link readValidatorsModule}). `manifest`: the
   * manifest file read (`ManifestFile`), to know whether the file was generated for it.
   */
  static load(file: string, warn: (message: string) => void, manifest?: ManifestIdentity): PrecompiledValidators | undefined {
    const module = readValidatorsModule(file, warn);
    return module ? new PrecompiledValidators(module, generatedFor(module, manifest)) : undefined;
  }

  /**
   * Whether `armature build` checked the tool schema whose text is `text` with this core: the
   * file was generated for these very manifest bytes, where every tool schema either has a precompiled
   * validator or is one the shared checker plans (ajv failures are listed apart). Such a schema
   * need not be parsed, planned or compiled at boot to know the boot will not fail on it.
   */
  vouchesFor(text: string): boolean {
    // No failures (the usual case): no need to hash a long schema text for the lookup.
    return this.current && (this.failed.size === 0 || !this.failed.has(text));
  }

  /** The validate function for the schema whose `JSON.stringify` is `text`, if one was precompiled. */
  get(text: string): ValidateFunction | undefined {
    const i = this.index.get(text);
    return i === undefined ? undefined : this.make(i);
  }

  /**
   * Whether a validator was precompiled for `text`, and if so a function that makes it when
   * first called (running its factory then, not at boot: a 1,001-tool app whose tools are
   * mostly never called spends nothing on their validators). The made validator is not kept
   * here; the caller keeps it. Undefined from the maker: the factory did not give a function.
   */
  lazy(text: string): (() => ValidateFunction | undefined) | undefined {
    const i = this.index.get(text);
    return i === undefined ? undefined : () => this.make(i);
  }

  private make(i: number): ValidateFunction | undefined {
    const validate = (this.module.factories[i] as ValidatorFactory)(runtimeRequire);
    return typeof validate === 'function' ? validate : undefined;
  }
}
