/** One variable of an RFC 6570 URI template. */
export interface TemplateVariable {
  readonly name: string;
  /** `{list*}`: the variable takes a list or map. */
  readonly explode: boolean;
}

const EXPRESSION = /\{([^{}]*)\}/g;
const OPERATORS = '+#./;?&=,!@|';

/** The variables of an RFC 6570 template, in order, each once: `notes://{id}{?q,lang}` → id, q, lang. */
export function templateVariables(template: string): TemplateVariable[] {
  const variables = new Map<string, TemplateVariable>();
  for (const match of template.matchAll(EXPRESSION)) {
    let body = match[1] ?? '';
    if (body.length > 0 && OPERATORS.includes(body[0] ?? '')) body = body.slice(1);
    for (const spec of body.split(',')) {
      const explode = spec.endsWith('*');
      const name = spec.replace(/\*$/, '').replace(/:\d+$/, '').trim();
      if (name !== '' && !variables.has(name)) variables.set(name, { name, explode });
    }
  }
  return [...variables.values()];
}
