import { expect } from 'chai';
import { formatNotes, type JsonSchema, type ScanResult } from '../src';
import { methodOf, scanClean } from './helpers/scan-helpers';
import { createAjv, expectValidSchema } from './helpers/schema-assertions';

const HEADER = `import { Tool } from '@armature/core';\n`;

/** A handler with one tool `t` taking a DTO declared above it (and returning `returns`). */
function dtoTool(declarations: string, returns = 'string', body = `return 'ok';`): string {
  return `${HEADER}${declarations}
export class H {
  @Tool() async t(input: Input): Promise<${returns}> { ${body} }
}
`;
}

/** The schema of the tool's one parameter, `input`. */
function inputOf(result: ScanResult): JsonSchema {
  const schema = methodOf(result, 'H', 't').inputSchema as JsonSchema;
  return (schema.properties as Record<string, JsonSchema>).input as JsonSchema;
}

function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  return schema.properties as Record<string, JsonSchema>;
}

function warnings(result: ScanResult): string[] {
  return formatNotes(result.notes).split('\n').filter(Boolean);
}

/** The same values are valid before and after titling: the titled schema accepts exactly the enum's. */
function expectSameValues(titled: JsonSchema, plain: JsonSchema, samples: readonly unknown[]): void {
  const ajv = createAjv();
  expectValidSchema(ajv, titled);
  const a = ajv.compile(titled);
  const b = ajv.compile(plain);
  for (const sample of samples) expect(a(sample), JSON.stringify(sample)).to.equal(b(sample));
}

describe('titled options in tool schemas', () => {
  it('writes @optionTitle tags on a literal-union property as oneOf of { const, title }, arrays as items.anyOf', () => {
    const result = scanClean(
      dtoTool(`interface Input {
  /**
   * Seat class.
   * @optionTitle eco Economy
   * @optionTitle biz Business class
   */
  seat: 'eco' | 'biz';
  /**
   * @optionTitle wifi On-board Wi-Fi
   * @optionTitle meal Hot meal
   */
  extras?: ('wifi' | 'meal')[];
}`),
    );
    const properties = propertiesOf(inputOf(result));
    expect(properties.seat).to.deep.equal({
      description: 'Seat class.',
      type: 'string',
      oneOf: [
        { const: 'biz', title: 'Business class' },
        { const: 'eco', title: 'Economy' },
      ],
    });
    expect(properties.extras).to.deep.equal({
      type: 'array',
      items: {
        type: 'string',
        anyOf: [
          { const: 'meal', title: 'Hot meal' },
          { const: 'wifi', title: 'On-board Wi-Fi' },
        ],
      },
    });
    expect(warnings(result)).to.deep.equal([]);
    const plain: JsonSchema = {
      type: 'object',
      properties: {
        seat: { type: 'string', enum: ['eco', 'biz'] },
        extras: { type: 'array', items: { type: 'string', enum: ['wifi', 'meal'] } },
      },
      required: ['seat'],
      additionalProperties: false,
    };
    expectSameValues(inputOf(result), plain, [
      { seat: 'eco' },
      { seat: 'biz', extras: ['wifi', 'meal'] },
      { seat: 'first' },
      { seat: 'Economy' },
      { seat: 'eco', extras: ['wifi', 'bar'] },
      { seat: 1 },
      {},
    ]);
  });

  it('titles a string enum whose members carry @title, but leaves an enum with mere member comments a plain enum', () => {
    const result = scanClean(
      dtoTool(`enum Size {
  /** @title Small (250 ml) */
  S = 's',
  /** @title Large (500 ml) */
  L = 'l',
}
enum Roast {
  /** Light roast, fruity. */
  Light = 'light',
  /** Dark roast, bitter. */
  Dark = 'dark',
}
interface Input { size: Size; roast: Roast; sizes?: Size[] }`),
    );
    const properties = propertiesOf(inputOf(result));
    expect(properties.size).to.deep.equal({
      type: 'string',
      oneOf: [
        { const: 's', title: 'Small (250 ml)' },
        { const: 'l', title: 'Large (500 ml)' },
      ],
    });
    expect(properties.roast).to.deep.equal({ type: 'string', enum: ['light', 'dark'] });
    expect(properties.sizes).to.deep.equal({
      type: 'array',
      items: {
        type: 'string',
        anyOf: [
          { const: 's', title: 'Small (250 ml)' },
          { const: 'l', title: 'Large (500 ml)' },
        ],
      },
    });
  });

  it('titles positional parameters, nested properties, DTO classes, @schemaDefs schemas and output schemas alike', () => {
    const result = scanClean(`${HEADER}
enum Size {
  /** @title Small */
  S = 's',
  /** @title Large */
  L = 'l',
}
interface Order {
  /** @optionTitle hot Served hot
   *  @optionTitle iced Over ice */
  temperature: 'hot' | 'iced';
}
class OrderDto {
  /** @optionTitle hot Served hot
   *  @optionTitle iced Over ice */
  temperature!: 'hot' | 'iced';
}
export class H {
  @Tool() async positional(size: Size, sizes?: Size[]): Promise<string> { return 'ok'; }
  @Tool() async nested(order: Order): Promise<string> { return 'ok'; }
  @Tool() async dto(order: OrderDto): Promise<string> { return 'ok'; }
  /** @schemaDefs */
  @Tool() async named(orders: Order[]): Promise<string> { return 'ok'; }
  @Tool() async returns(): Promise<Order> { return { temperature: 'hot' }; }
}
`);
    const sizes = [
      { const: 's', title: 'Small' },
      { const: 'l', title: 'Large' },
    ];
    const temperature = {
      type: 'string',
      oneOf: [
        { const: 'hot', title: 'Served hot' },
        { const: 'iced', title: 'Over ice' },
      ],
    };
    const positional = propertiesOf(methodOf(result, 'H', 'positional').inputSchema as JsonSchema);
    expect(positional.size).to.deep.equal({ type: 'string', oneOf: sizes });
    expect(positional.sizes).to.deep.equal({ type: 'array', items: { type: 'string', anyOf: sizes } });
    const nested = propertiesOf(methodOf(result, 'H', 'nested').inputSchema as JsonSchema);
    expect(propertiesOf(nested.order as JsonSchema).temperature).to.deep.equal(temperature);
    expect(propertiesOf(methodOf(result, 'H', 'dto').inputSchema as JsonSchema).temperature).to.deep.equal(temperature);
    const named = methodOf(result, 'H', 'named').inputSchema as JsonSchema;
    expect(propertiesOf((named.$defs as Record<string, JsonSchema>).Order as JsonSchema).temperature).to.deep.equal(temperature);
    expect(propertiesOf(methodOf(result, 'H', 'returns').outputSchema as JsonSchema).temperature).to.deep.equal(temperature);
    expect(warnings(result)).to.deep.equal([]);
    const ajv = createAjv();
    for (const method of ['positional', 'nested', 'dto', 'named'])
      expectValidSchema(ajv, methodOf(result, 'H', method).inputSchema as JsonSchema);
  });

  it('warns, with file:line:col and the fix, where a title tag has no effect, and keeps the plain schema', () => {
    const result = scanClean(
      dtoTool(`interface Input {
  /** @optionTitle x Not an enum */
  name: string;
  /** @optionTitle gold Gold tier */
  tier: 'silver' | 'bronze';
  /**
   * @optionTitle on Switched on
   */
  power: 'on' | 'off';
  /**
   * @enumNames
   * @optionTitle a Alpha
   * @optionTitle b Beta
   */
  letter: 'a' | 'b';
}`),
    );
    const properties = propertiesOf(inputOf(result));
    expect(properties.name).to.deep.equal({ type: 'string' });
    expect(properties.tier).to.deep.equal({ type: 'string', enum: ['bronze', 'silver'] });
    expect(properties.power).to.deep.equal({ type: 'string', enum: ['off', 'on'] });
    // @enumNames is reported; the titles still go out the standard way.
    expect(properties.letter).to.deep.equal({
      type: 'string',
      oneOf: [
        { const: 'a', title: 'Alpha' },
        { const: 'b', title: 'Beta' },
      ],
    });
    expect(properties.letter).not.to.have.property('enumNames');
    expect(warnings(result)).to.deep.equal([
      'src/handlers.ts:3:7 - warning ARM_WARN_OPTION_TITLE: Input.name: property "name" is not a string enum or string-literal union (or an array of one), so @optionTitle has no effect on it; the schema lists its options without titles',
      'src/handlers.ts:5:7 - warning ARM_WARN_OPTION_TITLE: Input.tier: property "tier": @optionTitle names "gold", which is not one of its options ("silver", "bronze"); the schema lists its options without titles',
      'src/handlers.ts:10:3 - warning ARM_WARN_OPTION_TITLE: Input.power: property "power" gives some options a title but not "off"; give every option a title or none; the schema lists its options without titles',
      'src/handlers.ts:12:6 - warning ARM_WARN_OPTION_TITLE: Input.letter: @enumNames is only for elicitation forms (the legacy enumNames list is no JSON Schema keyword) and is ignored here; give the options titles with @optionTitle <value> <title> (written as oneOf)',
    ]);
    expect(formatNotes(result.notes, true)).to.include('error ARM_WARN_OPTION_TITLE');
  });

  it('warns about option-title tags on a tool or prompt method, where they title nothing', () => {
    const result = scanClean(`import { Tool, Prompt } from '@armature/core';
export class H {
  /**
   * Paints.
   * @optionTitle red Bright red
   */
  @Tool() async paint(color: 'red' | 'blue'): Promise<string> { return color; }
  /** @enumNames */
  @Prompt() async greet(tone: 'warm' | 'dry'): Promise<string> { return tone; }
}
`);
    expect(propertiesOf(methodOf(result, 'H', 'paint').inputSchema as JsonSchema).color).to.deep.equal({
      type: 'string',
      enum: ['blue', 'red'],
    });
    expect(warnings(result)).to.deep.equal([
      "src/handlers.ts:5:6 - warning ARM_WARN_OPTION_TITLE: H.paint: @optionTitle on a method has no effect; put @optionTitle <value> <title> on the property whose options it titles (a DTO or interface property), or give the enum's members @title tags",
      "src/handlers.ts:8:7 - warning ARM_WARN_OPTION_TITLE: H.greet: @enumNames on a method has no effect; put @optionTitle <value> <title> on the property whose options it titles (a DTO or interface property), or give the enum's members @title tags",
    ]);
  });

  it('narrows titled options, not an added enum, under class-validator @IsIn on a DTO property', () => {
    const result = scanClean(`import { Tool } from '@armature/core';
import { IsIn } from 'class-validator';
export class Input {
  /**
   * @optionTitle s Small
   * @optionTitle m Medium
   * @optionTitle l Large
   */
  @IsIn(['s', 'l'])
  size!: 's' | 'm' | 'l';
}
export class H {
  @Tool() async t(input: Input): Promise<string> { return input.size; }
}
`);
    expect(propertiesOf(methodOf(result, 'H', 't').inputSchema as JsonSchema).size).to.deep.equal({
      type: 'string',
      oneOf: [
        { const: 'l', title: 'Large' },
        { const: 's', title: 'Small' },
      ],
    });
  });

  it('warns about an enum titled only in part by member @title tags', () => {
    const result = scanClean(
      dtoTool(`enum Size {
  /** @title Small */
  S = 's',
  L = 'l',
}
interface Input { size: Size }`),
    );
    expect(propertiesOf(inputOf(result)).size).to.deep.equal({ type: 'string', enum: ['s', 'l'] });
    expect(warnings(result)).to.have.length(1);
    expect(warnings(result)[0]).to.match(
      /^src\/handlers\.ts:\d+:\d+ - warning ARM_WARN_OPTION_TITLE: .*not "l"; give every option a title or none/,
    );
  });
});
