import { setOwn } from '../convert/own-keys';
import type { ManifestElicitForm } from '../manifest/manifest.types';
import type { ScanContext } from '../scan/scan-context';
import type { ElicitFormSite } from './elicit-call-scanner';

/**
 * The app's typed elicitation forms by key. The runtime finds a form by its key alone, so a
 * key names one form in the whole app: the same key with the same schema at two call sites is
 * one form, with another schema a build problem at the second site.
 */
export class ElicitFormTable {
  private readonly byKey = new Map<string, ManifestElicitForm>();

  get size(): number {
    return this.byKey.size;
  }

  add(site: ElicitFormSite, context: ScanContext): void {
    const known = this.byKey.get(site.key);
    if (known === undefined) {
      this.byKey.set(site.key, { source: site.source, schema: site.schema });
      return;
    }
    if (JSON.stringify(known.schema) === JSON.stringify(site.schema)) return;
    const [file = '', line = '0', column = '0'] = site.source.split(/:(?=\d+(?::\d+)?$)/);
    context.problems.push({
      code: 'ARM_ERR_ELICIT_FORM',
      file,
      line: Number(line),
      column: Number(column),
      className: 'ctx.elicit',
      message: `the key "${site.key}" already names another form (${known.source}); give each form type its own key.`,
    });
  }

  /** The forms sorted by key (a stable manifest). */
  entries(): Record<string, ManifestElicitForm> {
    const sorted: Record<string, ManifestElicitForm> = {};
    for (const key of [...this.byKey.keys()].sort()) setOwn(sorted, key, this.byKey.get(key) as ManifestElicitForm);
    return sorted;
  }
}
