import { StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { withForwardedAuth } from './forwarded-auth';
import { isStdioUpstream, type McpProxyOptions } from './proxy-options';

/** A fresh SDK client transport to the upstream (one per connection attempt); `send` is the HTTP upstream's `fetch`. */
export function upstreamTransport(options: McpProxyOptions, send: (url: string | URL, init?: RequestInit) => Promise<Response>): Transport {
  if (isStdioUpstream(options)) {
    return new StdioClientTransport({
      command: options.command,
      args: [...(options.args ?? [])],
      ...(options.env === undefined ? {} : { env: { ...options.env } }),
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      stderr: options.stderr ?? 'inherit',
    });
  }
  const headers = options.headers ?? {};
  const forwards = options.forwardAuth !== undefined && options.forwardAuth !== false;
  return new StreamableHTTPClientTransport(new URL(options.url), {
    requestInit: { headers: { ...headers } },
    fetch: forwards ? withForwardedAuth(send) : send,
  });
}
