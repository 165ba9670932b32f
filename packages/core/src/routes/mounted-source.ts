import type { MethodRecord } from '../metadata/handler-metadata.types';
import { nameUnder, uriFrom, uriUnder, type MountPath } from '../mount/mount-naming';
import { isResourceContents } from '../results/content-guards';
import type { RouteSource } from './route-source';

/** The record as served under `path`: tool and prompt names prefixed, resource URIs and templates rewritten. */
function recordUnder(record: MethodRecord, path: MountPath): MethodRecord {
  switch (record.kind) {
    case 'tool':
      return { ...record, options: { ...record.options, name: nameUnder(path, record.options.name ?? record.method) } };
    case 'prompt':
      return { ...record, options: { ...record.options, name: nameUnder(path, record.options.name ?? record.method) } };
    case 'resource':
      return { ...record, uri: uriUnder(path, record.uri) };
    case 'resourceTemplate':
      return { ...record, uriTemplate: uriUnder(path, record.uriTemplate) };
  }
}

/** A contents entry's URI as served: a handler writes URIs in its own namespace (one already under the mount stays). */
function contentsUnder(value: unknown, path: MountPath): unknown {
  const one = (entry: { readonly uri: string }): unknown =>
    uriFrom(path, entry.uri) !== undefined ? entry : { ...entry, uri: uriUnder(path, entry.uri) };
  if (isResourceContents(value)) return one(value);
  if (Array.isArray(value) && value.length > 0 && value.every(isResourceContents)) return value.map(one);
  if (typeof value === 'object' && value !== null && Array.isArray((value as { contents?: unknown }).contents)) {
    const contents = (value as { contents: unknown[] }).contents;
    if (contents.every(isResourceContents)) return { ...value, contents: contents.map(one) };
  }
  return value;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/**
 * The route source as a mount serves it: everything but its record (names, URIs) and, for
 * resources, the URIs of contents the handler returns, is the original's.
 */
export function mountedSource(source: RouteSource, path: MountPath): RouteSource {
  if (path.length === 0) return source;
  const record = recordUnder(source.record, path);
  const original = source.fn;
  const fn =
    record.kind === 'resource' || record.kind === 'resourceTemplate'
      ? function (this: object, ...args: unknown[]): unknown {
          const value = original.apply(this, args);
          return isThenable(value) ? value.then((v) => contentsUnder(v, path)) : contentsUnder(value, path);
        }
      : original;
  return {
    owner: source.owner,
    record,
    get slots() {
      return source.slots;
    },
    fn,
    instances: source.instances,
    manifest: source.manifest,
    schemas: source.schemas,
    precompiled: source.precompiled,
    dto: source.dto,
    completers: source.completers,
    handlerClass: source.handlerClass,
    mount: path,
  };
}
