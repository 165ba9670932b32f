// `@armature/core/mount`: a module served under a prefix (`mount(Module, { prefix })`), and the
// naming rule a prefix applies, with its inverse (docs/composition.md). The rule alone, for build
// tools and gateways, is also `@armature/core/naming`.
export { mount, type MountOptions } from './mount/mount';
export { prefixedName, prefixedUri, unprefixedName, unprefixedUri } from './mount/mount-naming';
