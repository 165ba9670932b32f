// Public API of create-armature: the project scaffold `npm create armature` and `armature init` write.
export { runCreate, type CreateIo } from './create-main';
export { parseCreateArgs, CreateUsageError, CREATE_USAGE, DEFAULT_FOLDER, type CreateArgs } from './create-args';
export { scaffoldProject, packageName, ScaffoldError, type ScaffoldOptions } from './scaffold';
export { completeFeatures, STDIO_ONLY, type ScaffoldFeatures } from './scaffold-features';
export { nextSteps } from './next-steps';
