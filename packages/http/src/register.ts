// `import '@armature/http/register'` in an app's entry file: `app.listen()` then serves
// Streamable HTTP for `--http [host:]port`. Importing `@armature/http` itself does the same.
import { registerListenTransport } from '@armature/core/listen';
import { httpListenTransport } from './listen-transport';

registerListenTransport(httpListenTransport);
