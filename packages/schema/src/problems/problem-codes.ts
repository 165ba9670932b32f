/**
 * Every build-time problem code of the schema scanner, with what it means. Documented in
 * docs/schemas.md; the list there and this one are kept equal by a test.
 */
export const PROBLEM_CODES = {
  ARM_ERR_SCHEMA_TYPE: 'a parameter or return type cannot be described by a JSON Schema',
  ARM_ERR_TOOL_NAME: 'a tool name is not 1-128 characters of A-Z a-z 0-9 _ . -',
  ARM_ERR_DUPLICATE_NAME: 'two tools (or two prompts) of one server (one class, or one module with its imports) share a name',
  ARM_ERR_TEMPLATE_VARIABLE: 'a URI-template variable has no parameter of the same name',
  ARM_ERR_TEMPLATE_PARAMETER: 'a parameter of a resource template is not a variable of its URI template',
  ARM_ERR_RESOURCE_PARAMETER: 'a static resource method declares parameters other than the request context',
  ARM_ERR_PROMPT_ARGUMENT: 'a prompt parameter is not string-compatible (prompt arguments are strings)',
  ARM_ERR_PARAMETER: 'a parameter cannot be mapped to an argument (destructured, rest or unnamed)',
  ARM_ERR_JSDOC_TAG: 'a JSDoc keyword tag names no parameter, has a bad value, or does not fit the type',
  ARM_ERR_DECORATOR: 'a method carries two Armature decorators, or a decorator is placed on a static method',
  ARM_ERR_SCHEMA_EXTENSION: 'a literal extendInputSchema is not a JSON Schema object, or changes a value of the generated input schema instead of adding to it',
  ARM_ERR_HEADER_PARAMETER: 'a headers entry (or x-mcp-header) names no top-level parameter, a parameter not typed string, integer or boolean, a header name that is not an RFC 9110 token, or one used twice (ignoring case)',
} as const;

/** A build-time problem code. */
export type ProblemCode = keyof typeof PROBLEM_CODES;

/**
 * Every build-time note code: what the scanner left out of a schema without failing the build
 * (the manifest is written; `armature build` prints the note). Documented in docs/schemas.md
 * next to the problem codes; a test keeps the two lists equal.
 */
export const NOTE_CODES = {
  ARM_NOTE_DTO_CONSTRAINT: 'a class-validator decorator on a DTO property has no JSON Schema equivalent (or options or flags a schema cannot say); class-validator still checks it at call time',
  ARM_NOTE_DTO_ARGUMENT: 'a class-validator decorator argument is not a literal the scanner can read; its keyword is left out of the schema, class-validator still checks it at call time',
} as const;

/** A build-time note code. */
export type NoteCode = keyof typeof NOTE_CODES;
