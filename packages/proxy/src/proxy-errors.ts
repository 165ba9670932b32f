import { ArmatureError, defineErrors, meaningsByCode } from '@armature/di';

/**
 * Every error code `@armature/proxy` uses. `ARM_ERR_PROXY_CONFIG` is thrown (an `ArmatureError`)
 * when options are wrong; the others reach the downstream client: in an `isError: true` tool
 * result (`structuredContent.code`), or in the `data.code` of a JSON-RPC error (-32000
 * unavailable, -32004 busy) for resources and prompts. Both are retryable.
 */
export const PROXY_ERRORS = defineErrors('@armature/proxy', 'MCP proxy', {
  PROXY_CONFIG: {
    code: 'ARM_ERR_PROXY_CONFIG',
    meaning: 'a proxy option is missing or invalid (thrown by McpProxyModule.forRoot / new McpProxy)',
    fix: 'Give exactly one of `command` or `url`, a prefix of letters, digits, "." and "-", and positive limits.',
  },
  PROXY_UNAVAILABLE: {
    code: 'ARM_ERR_PROXY_UNAVAILABLE',
    meaning:
      'the upstream server is not connected (starting, reconnecting after it exited or dropped the connection, or given up on) and did not come back within `waitWhileDownMs`',
    fix: 'Client: retry after a short delay. Server: check the upstream command or URL; the proxy log says why the connection was lost.',
  },
  PROXY_BUSY: {
    code: 'ARM_ERR_PROXY_BUSY',
    meaning: 'the proxy already has `maxInflight` calls running upstream, or `maxWaiting` calls waiting for a reconnect',
    fix: 'Client: retry once calls complete. Server: raise `maxInflight` / `maxWaiting` if the load is expected.',
  },
  PROXY_UPSTREAM_FAILED: {
    code: 'ARM_ERR_PROXY_UPSTREAM_FAILED',
    meaning: 'the upstream answered a forwarded request with an error, or the connection failed while the request was in flight',
    fix: "Read the message (the upstream's, cut to 500 characters); a lost connection is retryable once the proxy has reconnected.",
  },
});

/** An error code of `@armature/proxy`. */
export type ProxyErrorCode = (typeof PROXY_ERRORS.codes)[keyof typeof PROXY_ERRORS.codes];

/** Each code with its meaning (derived from `PROXY_ERRORS`). */
export const PROXY_ERROR_CODES = meaningsByCode(PROXY_ERRORS) as Readonly<Record<ProxyErrorCode, string>>;

/** Thrown by the proxy's constructor and `forRoot` for bad options. */
export class ProxyConfigError extends ArmatureError {
  declare readonly code: ProxyErrorCode;

  constructor(message: string) {
    super(PROXY_ERRORS.codes.PROXY_CONFIG, `${PROXY_ERRORS.codes.PROXY_CONFIG}: ${message}`);
    this.name = 'ProxyConfigError';
  }
}
