// Public API of @armature/core. Each layer keeps its own export list.
export * from './public-engine';
export * from './public-app';
