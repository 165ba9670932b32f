import type { ManifestResolver } from '../manifest/manifest-resolver';
import type { SchemaCompiler } from '../validation/schema-compiler';
import type { ElicitForm } from '../context/elicit-form';

/**
 * The app's typed elicitation forms, found by key in the manifests its handlers were resolved
 * from and compiled on first use (once per key; again after a dev reload swaps the resolver).
 */
export class ElicitFormTable {
  private forms = new Map<string, ElicitForm | null>();
  private seen: ManifestResolver | undefined;

  constructor(
    private readonly resolver: () => ManifestResolver,
    private readonly compiler: SchemaCompiler,
  ) {}

  get(key: string): ElicitForm | undefined {
    const resolver = this.resolver();
    if (resolver !== this.seen) {
      this.seen = resolver;
      this.forms = new Map();
    }
    let form = this.forms.get(key);
    if (form === undefined) {
      const found = resolver.elicitForm(key);
      // The answer is checked closed (no field the type lacks); the schema sent stays as built.
      form =
        found === undefined
          ? null
          : { schema: found.schema, validate: this.compiler.compile({ ...found.schema, additionalProperties: false }, found.origin) };
      this.forms.set(key, form);
    }
    return form ?? undefined;
  }
}
