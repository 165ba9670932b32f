import { defineErrors, meaningsByCode } from '@armature/di';

/**
 * Every build-time problem code of the schema scanner, with meaning and fix (docs/errors.md is
 * generated from it; docs/schemas.md lists them too, kept equal by a test).
 */
export const SCHEMA_PROBLEMS = defineErrors('@armature/schema', 'Build-time problems (`armature build` fails)', {
  SCHEMA_TYPE: {
    code: 'ARM_ERR_SCHEMA_TYPE',
    meaning: 'a parameter or return type cannot be described by a JSON Schema',
    fix: 'Use JSON data types (no functions, symbols, class instances with methods); the message names the property path.',
  },
  TOOL_NAME: {
    code: 'ARM_ERR_TOOL_NAME',
    meaning: 'a tool name is not 1-128 characters of A-Z a-z 0-9 _ . -',
    fix: 'Rename the method or set `@Tool({ name })`.',
  },
  DUPLICATE_NAME: {
    code: 'ARM_ERR_DUPLICATE_NAME',
    meaning:
      'two tools or two prompts (by name), resources (by URI) or templates of one server (one class, or one module with its imports, those of other packages included) are served alike',
    fix: 'Give one of them another name, import one of the modules with `mount(Module, { prefix })`, or serve the two modules from different servers.',
  },
  MOUNT_PREFIX: {
    code: 'ARM_ERR_MOUNT_PREFIX',
    meaning: 'a literal `mount()` prefix is not 1-64 characters of A-Z a-z 0-9 _ . -',
    fix: 'Give the mount a short prefix of those characters (it becomes part of tool names and URIs).',
  },
  TEMPLATE_VARIABLE: {
    code: 'ARM_ERR_TEMPLATE_VARIABLE',
    meaning: 'a URI-template variable has no parameter of the same name',
    fix: 'Add a parameter named like the variable, or rename the variable.',
  },
  TEMPLATE_PARAMETER: {
    code: 'ARM_ERR_TEMPLATE_PARAMETER',
    meaning: 'a parameter of a resource template is not a variable of its URI template',
    fix: 'Add the variable to the template, or remove the parameter.',
  },
  RESOURCE_PARAMETER: {
    code: 'ARM_ERR_RESOURCE_PARAMETER',
    meaning: 'a static resource method declares parameters other than the request context',
    fix: 'Use @ResourceTemplate for a resource with variables, or drop the parameters.',
  },
  PROMPT_ARGUMENT: {
    code: 'ARM_ERR_PROMPT_ARGUMENT',
    meaning: 'a prompt parameter is not string-compatible (prompt arguments are strings)',
    fix: 'Type prompt parameters as string (or a string literal union) and parse inside the method.',
  },
  PARAMETER: {
    code: 'ARM_ERR_PARAMETER',
    meaning: 'a parameter cannot be mapped to an argument (destructured, rest or unnamed)',
    fix: 'Use named parameters, or one DTO class parameter.',
  },
  JSDOC_TAG: {
    code: 'ARM_ERR_JSDOC_TAG',
    meaning: 'a JSDoc keyword tag names no parameter, has a bad value, or does not fit the type',
    fix: "Name an existing parameter and give a value of the keyword's type (docs/schemas.md lists the tags).",
  },
  DECORATOR: {
    code: 'ARM_ERR_DECORATOR',
    meaning: 'a method carries two Armature decorators, or a decorator is placed on a static method',
    fix: 'Keep one decorator per instance method.',
  },
  SCHEMA_EXTENSION: {
    code: 'ARM_ERR_SCHEMA_EXTENSION',
    meaning:
      'a literal extendInputSchema is not a JSON Schema object, or changes a value of the generated input schema instead of adding to it',
    fix: 'Only add keywords; change types in the TypeScript signature.',
  },
  HEADER_PARAMETER: {
    code: 'ARM_ERR_HEADER_PARAMETER',
    meaning:
      'a headers entry (or x-mcp-header) names no top-level parameter, a parameter not typed string, integer or boolean, a header name that is not an RFC 9110 token, or one used twice (ignoring case)',
    fix: 'Map each header to one top-level string, integer or boolean parameter, with a distinct token name.',
  },
  ELICIT_FORM: {
    code: 'ARM_ERR_ELICIT_FORM',
    meaning:
      'a typed `ctx.elicit<T>(message, { key })` has no type argument, no literal key, a key used by another form, or a type outside the MCP form subset (a flat object of string, number, integer, boolean and string-enum properties; no nested object, no array of anything but options, no field marked sensitive), or select options titled only in part (enum member JSDoc, `@optionTitle`)',
    fix: 'Give the call a flat form type and a literal key unique to the app (docs/request-context.md, "Typed elicitation"); or pass ElicitRequestFormParams to write the schema by hand.',
  },
});

/**
 * Every build-time note code: what the scanner left out of a schema without failing the build
 * (the manifest is written; `armature build` prints the note).
 */
export const SCHEMA_NOTES = defineErrors('@armature/schema', 'Build-time notes (the build succeeds and prints them)', {
  DTO_CONSTRAINT: {
    code: 'ARM_NOTE_DTO_CONSTRAINT',
    meaning:
      'a class-validator decorator on a DTO property has no JSON Schema equivalent (or options or flags a schema cannot say); class-validator still checks it at call time',
    fix: 'Nothing is required; add a JSDoc keyword tag if clients should see the constraint in the schema.',
  },
  DTO_ARGUMENT: {
    code: 'ARM_NOTE_DTO_ARGUMENT',
    meaning:
      'a class-validator decorator argument is not a literal the scanner can read; its keyword is left out of the schema, class-validator still checks it at call time',
    fix: 'Write the argument as a literal (or a const of a literal) if clients should see it.',
  },
});

/**
 * Every build-time warning code: something is probably wrong, and the schema lacks what the
 * author meant. The build succeeds and prints them; `armature build --strict` fails on them.
 */
export const SCHEMA_WARNINGS = defineErrors('@armature/schema', 'Build-time warnings (the build prints them; `--strict` fails on them)', {
  UNKNOWN_TAG: {
    code: 'ARM_WARN_UNKNOWN_TAG',
    meaning:
      'a JSDoc tag is no tag the scanner or typescript-json-schema reads, but is close to one (`@minLenght`): it is ignored, so the constraint it meant is not in the schema',
    fix: 'Spell the tag as the "did you mean" suggestion says (docs/schemas.md lists the tags).',
  },
  OPTION_TITLE: {
    code: 'ARM_WARN_OPTION_TITLE',
    meaning:
      'an option-title tag has no effect where it is written: `@optionTitle` on a property that is not a string enum or string-literal union (or an array of one), naming a value that is no option, titling only some options, or `@enumNames` outside an elicitation form; the schema lists the options without titles',
    fix: 'Put `@optionTitle <value> <title>` on an enum property, one per option (or `@title` on every enum member); in tool schemas use `@optionTitle` instead of `@enumNames` (docs/schemas.md, "Titled options").',
  },
});

/** A build-time problem code. */
export type ProblemCode = (typeof SCHEMA_PROBLEMS.codes)[keyof typeof SCHEMA_PROBLEMS.codes];
/** A build-time note code. */
export type NoteCode = (typeof SCHEMA_NOTES.codes)[keyof typeof SCHEMA_NOTES.codes];
/** A build-time warning code. */
export type WarningCode = (typeof SCHEMA_WARNINGS.codes)[keyof typeof SCHEMA_WARNINGS.codes];

/** Each problem code with its meaning (derived from `SCHEMA_PROBLEMS`). */
export const PROBLEM_CODES = meaningsByCode(SCHEMA_PROBLEMS) as Readonly<Record<ProblemCode, string>>;
/** Each note code with its meaning (derived from `SCHEMA_NOTES`). */
export const NOTE_CODES = meaningsByCode(SCHEMA_NOTES) as Readonly<Record<NoteCode, string>>;
/** Each warning code with its meaning (derived from `SCHEMA_WARNINGS`). */
export const WARNING_CODES = meaningsByCode(SCHEMA_WARNINGS) as Readonly<Record<WarningCode, string>>;
