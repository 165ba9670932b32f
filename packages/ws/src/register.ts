// `import '@armature/ws/register'` in an app's entry file: `app.listen()` then serves MCP over
// WebSocket for `--ws [host:]port`. Importing `@armature/ws` itself does the same.
import { registerListenTransport } from '@armature/core/listen';
import { wsListenTransport } from './listen-transport';

registerListenTransport(wsListenTransport);
