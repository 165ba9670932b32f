// `@armature/core/listen`: how a transport makes itself available to `app.listen()`.
// `@armature/http` and `@armature/ws` use it (`import '@armature/http/register'`); a custom
// transport can too (docs/transports.md).
export { registerListenTransport } from './listen/listen-transport';
export type { ListenAddress, ListenTransport, TransportServerHandle } from './listen/listen-transport';
