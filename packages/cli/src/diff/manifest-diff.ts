import { compareSchemas, isBreaking, type SchemaDelta } from './schema-compat';
import type { ManifestSurface, SurfacePrompt, SurfaceResource, SurfaceTool } from './manifest-surface';

/** One classified change between two manifests. */
export interface ManifestChange {
  /** What changed: `tool`, `resource`, `resourceTemplate` or `prompt`, and its name or URI (the new one after a rename). */
  readonly subject: { readonly kind: 'tool' | 'resource' | 'resourceTemplate' | 'prompt'; readonly name: string };
  /** A stable label for the kind of change (`tool.removed`, `input.property-added`, `output.enum`…). */
  readonly change: string;
  readonly breaking: boolean;
  /** Where in the subject: `input.limit`, `output.items[].id`, an argument name; empty for the subject itself. */
  readonly path: string;
  /** Why, in words. */
  readonly reason: string;
}

/** The classified changes from `before` to `after`, breaking first, then by subject. */
export function diffManifests(before: ManifestSurface, after: ManifestSurface): ManifestChange[] {
  const changes: ManifestChange[] = [];
  diffTools(before.tools, after.tools, changes);
  diffResources('resource', before.resources, after.resources, changes);
  diffResources('resourceTemplate', before.templates, after.templates, changes);
  diffPrompts(before.prompts, after.prompts, changes);
  return changes.sort((a, b) => Number(b.breaking) - Number(a.breaking));
}

/** Pairs entries present on one side only by their handler method: a rename (or a new URI) rather than a removal and an addition. */
function renames<T extends { readonly id: string }>(before: ReadonlyMap<string, T>, after: ReadonlyMap<string, T>): Map<string, string> {
  const byId = new Map<string, string>();
  for (const [key, entry] of after) if (!before.has(key)) byId.set(entry.id, key);
  const pairs = new Map<string, string>();
  for (const [key, entry] of before) {
    const renamed = after.has(key) ? undefined : byId.get(entry.id);
    if (renamed !== undefined) pairs.set(key, renamed);
  }
  return pairs;
}

function diffTools(before: ReadonlyMap<string, SurfaceTool>, after: ReadonlyMap<string, SurfaceTool>, out: ManifestChange[]): void {
  const renamed = renames(before, after);
  const renamedTo = new Set(renamed.values());
  for (const [name, tool] of before) {
    const subject = { kind: 'tool' as const, name };
    const next = after.get(name);
    const newName = renamed.get(name);
    if (newName !== undefined) {
      out.push({
        subject: { kind: 'tool', name: newName },
        change: 'tool.renamed',
        breaking: true,
        path: '',
        reason: `renamed from ${name}: clients calling ${name} fail`,
      });
      compareTool(tool, after.get(newName) as SurfaceTool, { kind: 'tool', name: newName }, out);
    } else if (next === undefined) {
      out.push({ subject, change: 'tool.removed', breaking: true, path: '', reason: 'removed: clients calling it fail' });
    } else {
      compareTool(tool, next, subject, out);
    }
  }
  for (const name of after.keys()) {
    if (!before.has(name) && !renamedTo.has(name))
      out.push({ subject: { kind: 'tool', name }, change: 'tool.added', breaking: false, path: '', reason: 'new tool' });
  }
}

function compareTool(before: SurfaceTool, after: SurfaceTool, subject: ManifestChange['subject'], out: ManifestChange[]): void {
  if (before.description !== after.description)
    out.push({ subject, change: 'tool.description', breaking: false, path: '', reason: 'description changed' });
  if (before.fingerprint !== undefined && before.fingerprint === after.fingerprint) return;
  // Input: every value the old schema accepted must still be accepted.
  if (before.inputSchema === undefined || after.inputSchema === undefined) {
    if (before.inputSchema !== after.inputSchema)
      out.push({
        subject,
        change: 'input.not-compared',
        breaking: false,
        path: 'input',
        reason: 'the input schema is given in code on one side; not compared',
      });
  } else {
    const deltas = compareSchemas(before.inputSchema, after.inputSchema);
    const added = new Set(deltas.filter((d) => d.aspect === 'property-added').map((d) => d.path));
    for (const delta of deltas) {
      if (delta.aspect === 'required' && delta.direction === 'tighter' && added.has(delta.path)) continue;
      if (
        delta.aspect === 'property-added' &&
        deltas.some((d) => d.aspect === 'required' && d.direction === 'tighter' && d.path === delta.path)
      )
        out.push({
          subject,
          change: 'input.required-added',
          breaking: true,
          path: `input.${delta.path}`,
          reason: 'new required input: calls without it are refused',
        });
      else out.push(fromDelta('input', delta, subject));
    }
  }
  // Output: every value the new schema allows must have been allowed before.
  if (before.outputSchema !== undefined && after.outputSchema === undefined) {
    out.push({
      subject,
      change: 'output.removed',
      breaking: true,
      path: 'output',
      reason: 'no output schema any more: structured results are no longer promised',
    });
  } else if (before.outputSchema === undefined && after.outputSchema !== undefined) {
    out.push({ subject, change: 'output.added', breaking: false, path: 'output', reason: 'new output schema (structured results)' });
  } else if (before.outputSchema !== undefined && after.outputSchema !== undefined) {
    for (const delta of compareSchemas(before.outputSchema, after.outputSchema)) out.push(fromDelta('output', delta, subject));
  }
}

/** Words for a schema change on one side, saying why it breaks or not. */
function fromDelta(side: 'input' | 'output', delta: SchemaDelta, subject: ManifestChange['subject']): ManifestChange {
  const breaking = isBreaking(side, delta.direction);
  const why =
    delta.direction === 'changed'
      ? 'cannot be proven compatible'
      : side === 'input'
        ? delta.direction === 'tighter'
          ? 'arguments valid before may now be refused'
          : 'accepts more than before'
        : delta.direction === 'looser'
          ? 'results may now hold values clients did not expect'
          : 'results stay within what was promised';
  const what =
    delta.aspect === 'property-added' || delta.aspect === 'property-removed'
      ? side === 'input'
        ? delta.aspect === 'property-added'
          ? `new ${delta.direction === 'tighter' ? 'constrained' : 'optional'} input`
          : 'input removed'
        : delta.aspect === 'property-added'
          ? 'new output property'
          : 'output property removed'
      : delta.detail;
  return {
    subject,
    change: `${side}.${delta.aspect}`,
    breaking,
    path: delta.path === '' ? side : `${side}.${delta.path}`,
    reason: `${what}: ${why}`,
  };
}

function diffResources(
  kind: 'resource' | 'resourceTemplate',
  before: ReadonlyMap<string, SurfaceResource>,
  after: ReadonlyMap<string, SurfaceResource>,
  out: ManifestChange[],
): void {
  const noun = kind === 'resource' ? 'URI' : 'URI template';
  const moved = renames(before, after);
  const movedTo = new Set(moved.values());
  for (const uri of before.keys()) {
    const to = moved.get(uri);
    if (to !== undefined)
      out.push({
        subject: { kind, name: to },
        change: `${kind}.uri-changed`,
        breaking: true,
        path: '',
        reason: `${noun} changed from ${uri}: reads of the old one fail`,
      });
    else if (!after.has(uri))
      out.push({ subject: { kind, name: uri }, change: `${kind}.removed`, breaking: true, path: '', reason: 'removed: reads fail' });
  }
  for (const uri of after.keys())
    if (!before.has(uri) && !movedTo.has(uri))
      out.push({
        subject: { kind, name: uri },
        change: `${kind}.added`,
        breaking: false,
        path: '',
        reason: `new ${kind === 'resource' ? 'resource' : 'resource template'}`,
      });
}

function diffPrompts(before: ReadonlyMap<string, SurfacePrompt>, after: ReadonlyMap<string, SurfacePrompt>, out: ManifestChange[]): void {
  const renamed = renames(before, after);
  const renamedTo = new Set(renamed.values());
  for (const [name, prompt] of before) {
    const newName = renamed.get(name);
    const next = after.get(newName ?? name);
    const subject = { kind: 'prompt' as const, name: newName ?? name };
    if (newName !== undefined)
      out.push({ subject, change: 'prompt.renamed', breaking: true, path: '', reason: `renamed from ${name}: gets of ${name} fail` });
    if (next === undefined) {
      out.push({ subject, change: 'prompt.removed', breaking: true, path: '', reason: 'removed: gets fail' });
      continue;
    }
    const old = new Map(prompt.arguments.map((a) => [a.name, a]));
    const now = new Map(next.arguments.map((a) => [a.name, a]));
    for (const [arg, was] of old) {
      const is = now.get(arg);
      if (!is)
        out.push({
          subject,
          change: 'prompt.argument-removed',
          breaking: true,
          path: arg,
          reason: 'argument removed: gets passing it may fail',
        });
      else if (is.required && !was.required)
        out.push({ subject, change: 'prompt.argument-required', breaking: true, path: arg, reason: 'argument now required' });
      else if (!is.required && was.required)
        out.push({ subject, change: 'prompt.argument-optional', breaking: false, path: arg, reason: 'argument now optional' });
    }
    for (const [arg, is] of now) {
      if (old.has(arg)) continue;
      out.push(
        is.required
          ? { subject, change: 'prompt.argument-added', breaking: true, path: arg, reason: 'new required argument: gets without it fail' }
          : { subject, change: 'prompt.argument-added', breaking: false, path: arg, reason: 'new optional argument' },
      );
    }
  }
  for (const name of after.keys())
    if (!before.has(name) && !renamedTo.has(name))
      out.push({ subject: { kind: 'prompt', name }, change: 'prompt.added', breaking: false, path: '', reason: 'new prompt' });
}
