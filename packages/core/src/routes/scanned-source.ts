import type { LoadedMethod } from '../manifest/manifest-format';
import type { ParamList } from '../manifest/param-list';
import { visitParamList } from '../manifest/param-list-text';
import type { MethodRecord } from '../metadata/handler-metadata.types';
import type { HandlerInstances } from './handler-instances';
import type { ParamSlot } from './param-slots';
import type { RouteSource } from './route-source';

const NONE: ParamSlot = Object.freeze({ kind: 'none' });
const CTX: ParamSlot = Object.freeze({ kind: 'ctx' });
const WHOLE: ParamSlot = Object.freeze({ kind: 'whole' });

/**
 * Slots by parameter list: methods of a manifest that share a list share its slots, a frozen
 * array (the key of a shared binder, `compileBinder`); the slots in it are read-only by type
 * and not frozen one by one (a freeze is a runtime call a tool's first call pays per parameter).
 */
const slotsByList = new WeakMap<ParamList, readonly ParamSlot[]>();

function slotsFromManifest(list: ParamList): readonly ParamSlot[] {
  const known = slotsByList.get(list);
  if (known !== undefined) return known;
  const text = list.text;
  const slots: ParamSlot[] = [];
  if (text !== undefined) {
    // Read from the text: no parameter objects for a tool's first call to make and keep.
    visitParamList(text, (letter, name) => {
      slots.push(letter === 'c' ? CTX : letter === 'd' ? WHOLE : { kind: 'arg', name });
    });
  } else {
    for (const param of list.items) {
      while (slots.length < param.index) slots.push(NONE);
      slots[param.index] = param.role === 'context' ? CTX : param.role === 'dto' ? WHOLE : { kind: 'arg', name: param.name };
    }
  }
  const frozen = Object.freeze(slots);
  slotsByList.set(list, frozen);
  return frozen;
}

/**
 * A route source of a scanned method. The slots of a manifest entry are made when first read
 * (a tool's first call, a prompt's or resource's compile): a boot of 10,000 tools decodes no
 * parameter list.
 */
export class ScannedSource implements RouteSource {
  private eagerSlots: readonly ParamSlot[] | undefined;

  constructor(
    readonly owner: string,
    readonly record: MethodRecord,
    slots: readonly ParamSlot[] | undefined,
    readonly fn: RouteSource['fn'],
    readonly instances: HandlerInstances,
    readonly manifest: LoadedMethod | undefined,
    readonly schemas: RouteSource['schemas'],
    readonly precompiled: RouteSource['precompiled'],
    readonly dto: RouteSource['dto'],
    readonly completers: RouteSource['completers'],
    readonly handlerClass: object,
  ) {
    this.eagerSlots = slots;
  }

  get slots(): readonly ParamSlot[] {
    return (this.eagerSlots ??= slotsFromManifest((this.manifest as LoadedMethod).params));
  }
}
