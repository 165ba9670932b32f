export * from './errors/armature-error';
