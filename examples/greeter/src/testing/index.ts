// '@armature-examples/greeter/testing': what the mounting examples' tests share. Needs chai,
// @modelcontextprotocol/sdk, @armature/testing and @armature/schema (optional peers), and mocha.
export { ensureGreeterManifest, GREETER_PACKAGE_DIR } from './greeter-manifest';
export { connectSdkClient, expectGreeterTools } from './greeter-checks';
export { startForEachTest, type RunningExample } from './start-for-each-test';
