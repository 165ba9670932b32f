// Public API of @armature/core. Each layer keeps its own export list.
export * from './public-engine';
export * from './public-app';
// The decorators share their names with the spec's wire types (Tool, Resource…): each is
// declared as both a value (the decorator) and a type (the wire shape), and these explicit
// re-exports settle the name clash between the two lists above.
export { Tool, Resource, ResourceTemplate, Prompt } from './public-app';
