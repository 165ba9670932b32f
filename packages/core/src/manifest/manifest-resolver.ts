import { statSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { findDefiningFile } from './defining-file';
import { checkManifest, type LoadedManifest, type LoadedMethod } from './manifest-format';
import { ManifestFileCache, type ManifestFile } from './manifest-file';
import type { ArmatureManifest, ManifestHandler } from './manifest.types';
import type { SchemaTable } from './schema-table';
import type { JsonSchema } from '../metadata/handler-metadata.types';

/** A handler's manifest entry and where it came from (for messages). */
export interface ResolvedHandlerManifest {
  readonly handler: ManifestHandler<LoadedMethod>;
  /** The manifest's schemas, which the handler's methods refer to by index. */
  readonly schemas: SchemaTable;
  readonly origin: string;
  /** The file it was read from (one object per read), absent for manifests passed to `Armature.create`. */
  readonly file?: ManifestFile;
  /**
   * Set when the compiled handler file is newer than the manifest (and stale manifests are not
   * allowed): why the app must not start on it.
   */
  readonly stale?: string;
}

/** A typed elicitation form of a manifest: its `requestedSchema` and where it was written. */
export interface ResolvedElicitForm {
  readonly schema: JsonSchema;
  readonly origin: string;
}

/**
 * Where the runner `armature bundle` writes lists, before the packed app runs, the absolute paths
 * of the manifests of every project packed into it (the entry's first).
 */
const PACKED_MANIFESTS = Symbol.for('armature.packed-manifests');

/** Clock skew and coarse file-system timestamps: a compiled file this much newer is still fresh. */
const MTIME_SLACK_MS = 2000;

/**
 * Finds the manifest entry of each handler class: first in manifests passed to
 * `Armature.create`, then in the nearest `armature.manifest.json` above the class's compiled
 * file, by `<relative path>#<ClassName>` and then by a unique class name; a class no loaded
 * module exports (a packed app) by its unique name in the manifests its runner lists, or in the
 * manifest nearest the entry script.
 *
 * Staleness is checked cheaply: a compiled handler file newer than its manifest means `tsc`
 * ran without `armature build` (or `armature build` met TypeScript errors and wrote no manifest).
 * The resolution then says so in `stale`, and the boot fails on it; with `allowStale` a warning
 * (once per file) goes to `warn` instead and the older schemas are used.
 */
export class ManifestResolver {
  private readonly explicit: readonly LoadedManifest[];
  private readonly files = new ManifestFileCache();
  private readonly warned = new Set<string>();

  constructor(
    explicit: ArmatureManifest | readonly ArmatureManifest[] | undefined,
    private readonly warn: (message: string) => void,
    private readonly allowStale = false,
  ) {
    const list = explicit === undefined ? [] : Array.isArray(explicit) ? explicit : [explicit as ArmatureManifest];
    this.explicit = list.map((m, i) => checkManifest(m, `passed to Armature.create (#${i})`, 'code'));
  }

  /** The entry for `cls`, or undefined when no manifest describes it. */
  resolve(cls: { readonly name: string }): ResolvedHandlerManifest | undefined {
    for (const manifest of this.explicit) {
      const handler = lookup(manifest, undefined, cls.name);
      if (handler) return { handler, schemas: manifest.schemas, origin: 'the manifest passed to Armature.create' };
    }
    const file = findDefiningFile(cls);
    if (file === undefined) return this.resolveFromEntry(cls);
    const located = this.files.nearest(file);
    if (!located) return undefined;
    const key = `${relative(located.dir, file).split(sep).join('/')}#${cls.name}`;
    const handler = lookup(located.manifest, key, cls.name);
    if (!handler) return undefined;
    const stale = this.checkFresh(file, located.path, located.mtimeMs);
    return { handler, schemas: located.manifest.schemas, origin: located.path, file: located, stale };
  }

  /**
   * A class that no loaded module exports: one of an app packed into a single file
   * (`armature bundle`), or one its module keeps to itself. It is looked up by its class name in
   * the manifests the packed app's runner lists ({@link PACKED_MANIFESTS}: each project whose
   * files were packed, a plugin package's included), else in the manifest nearest the program's
   * entry script. The name must match in exactly one of them (`armature bundle` refuses to pack
   * a name two handler classes share). No staleness check: there is no compiled handler file of
   * its own to compare with.
   */
  private resolveFromEntry(cls: { readonly name: string }): ResolvedHandlerManifest | undefined {
    let found: ResolvedHandlerManifest | undefined;
    for (const place of this.packedOrEntry()) {
      const located = this.files.nearest(place);
      const handler = located && lookup(located.manifest, undefined, cls.name);
      if (!located || !handler) continue;
      if (found) return undefined; // in two manifests: neither may be guessed
      found = { handler, schemas: located.manifest.schemas, origin: located.path, file: located };
    }
    return found;
  }

  /** The manifest files a packed app's runner listed, else the entry script (whose nearest manifest is read). */
  private packedOrEntry(): string[] {
    const listed: unknown = (globalThis as Record<symbol, unknown>)[PACKED_MANIFESTS];
    if (Array.isArray(listed)) return listed.filter((file): file is string => typeof file === 'string');
    const entry = require.main?.filename ?? process.argv[1];
    return entry === undefined || entry === '' ? [] : [entry];
  }

  /**
   * The typed elicitation form stored under `key`: in a manifest passed to `Armature.create`,
   * else in a manifest file a handler class was resolved from (so ask after the boot).
   */
  elicitForm(key: string): ResolvedElicitForm | undefined {
    const found = (manifest: LoadedManifest, origin: string): ResolvedElicitForm | undefined => {
      const form = manifest.elicitForms.get(key);
      return (
        form && { schema: manifest.schemas.get(form.schema), origin: form.source === undefined ? origin : `${form.source} (${origin})` }
      );
    };
    for (const manifest of this.explicit) {
      const form = found(manifest, 'the manifest passed to Armature.create');
      if (form) return form;
    }
    for (const file of this.files.loaded()) {
      const form = found(file.manifest, file.path);
      if (form) return form;
    }
    return undefined;
  }

  /** Every manifest file read so far (each once): those the resolved handler classes came from. */
  manifestFiles(): ManifestFile[] {
    return this.files.loaded();
  }

  /** The refusal message when `file` is newer than its manifest (undefined: fresh, allowed, or already reported). */
  private checkFresh(file: string, manifestPath: string, manifestMtime: number): string | undefined {
    if (this.warned.has(file)) return undefined;
    let compiledMtime: number;
    try {
      compiledMtime = statSync(file).mtimeMs;
    } catch {
      return undefined;
    }
    if (compiledMtime <= manifestMtime + MTIME_SLACK_MS) return undefined;
    this.warned.add(file);
    const older = `Manifest ${manifestPath} is older than ${file}, so its schemas describe an earlier build`;
    if (!this.allowStale)
      return `${older}. Run \`armature build\` (not plain tsc) to regenerate it, or pass allowStaleManifest: true to Armature.create to start on it anyway.`;
    this.warn(`${older}: serving them anyway (allowStaleManifest). Run \`armature build\` (not plain tsc) to regenerate it.`);
    return undefined;
  }
}

function lookup(manifest: LoadedManifest, key: string | undefined, className: string): ManifestHandler<LoadedMethod> | undefined {
  if (key !== undefined && Object.hasOwn(manifest.handlers, key)) return manifest.handlers[key];
  const suffix = `#${className}`;
  let match: ManifestHandler<LoadedMethod> | undefined;
  for (const [k, handler] of Object.entries(manifest.handlers)) {
    if (!k.endsWith(suffix) && handler.className !== className) continue;
    if (match) return undefined; // two classes of that name: only the exact key may decide
    match = handler;
  }
  return match;
}
