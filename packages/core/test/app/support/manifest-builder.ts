import type { ArmatureManifest, ManifestMethod } from '../../../src/manifest/manifest.types';

/** A manifest with one entry per class, written the way `armature build` writes them (tests only). */
export function manifestFor(classes: Record<string, Record<string, ManifestMethod>>): ArmatureManifest {
  const handlers: Record<string, { className: string; methods: Record<string, ManifestMethod> }> = {};
  for (const [className, methods] of Object.entries(classes)) handlers[`test/${className}.js#${className}`] = { className, methods };
  return { armature: 1, generator: 'test', handlers };
}

/** Shorthand: a string argument parameter. */
export function arg(index: number, name: string, required = true, extra: Record<string, unknown> = {}): ManifestMethod['params'][number] {
  return { index, name, role: 'argument', required, ...extra };
}

/** Shorthand: the RequestContext parameter. */
export function ctx(index: number, name = 'ctx'): ManifestMethod['params'][number] {
  return { index, name, role: 'context' };
}
