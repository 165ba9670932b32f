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

/** Clock skew and coarse file-system timestamps: a compiled file this much newer is still fresh. */
const MTIME_SLACK_MS = 2000;

/**
 * Finds the manifest entry of each handler class: first in manifests passed to
 * `Armature.create`, then in the nearest `armature.manifest.json` above the class's compiled
 * file, by `<relative path>#<ClassName>` and then by a unique class name; a class no loaded
 * module exports (a packed app) by its unique name in the manifest nearest the entry script.
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
   * (`armature bundle`), or one its module keeps to itself. It is looked up by its class name,
   * which must be unique, in the manifest nearest the program's entry script (for a packed app,
   * the manifest of the project it was packed from, beside it). No staleness check: there is no
   * compiled handler file of its own to compare with.
   */
  private resolveFromEntry(cls: { readonly name: string }): ResolvedHandlerManifest | undefined {
    const entry = require.main?.filename ?? process.argv[1];
    if (entry === undefined || entry === '') return undefined;
    const located = this.files.nearest(entry);
    if (!located) return undefined;
    const handler = lookup(located.manifest, undefined, cls.name);
    return handler && { handler, schemas: located.manifest.schemas, origin: located.path, file: located };
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
