// Public API of the greeter package: the module the mounting examples serve, and their main.
// Their tests' shared checks are in '@armature-examples/greeter/testing'.
export { GreeterModule } from './greeter.module';
export { GreeterHandlers } from './greeter.handlers';
export type { ExampleServer, StartExampleServer } from './example-server';
export { serveFromCommandLine, connectHint } from './serve-from-command-line';
