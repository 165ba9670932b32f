import type { MessageExtraInfo } from '@armature/core';
import type { JSONRPCRequest } from '@armature/core/wire/2025-11-25';
import type { ConnectedSession, ConnectOptions } from '@armature/core/internal';
import type { HttpRequestView, HttpResponder } from '../exchange/http-exchange';
import { isInitialize, type DecodedBody } from '../protocol/json-rpc-message';
import { requestProtocolVersion } from '../protocol/protocol-version';
import type { EngineState as StreamableHttpEngine } from './engine-state';
import { accepted, refuse, shuttingDown, unsupportedVersion } from './refuse';
import { StatelessTransport } from './stateless.transport';
import { refuseWhenSaturated } from './stateless-limit';

type Decoded = Extract<DecodedBody, { ok: true }>;

/**
 * What a stateless session assumes the client can do. Server→client requests are declared so
 * that they reach the stateless transport, which refuses them with a message naming the real
 * reason (no session), rather than a misleading "client lacks the capability".
 */
const STATELESS_CLIENT_CAPABILITIES = Object.freeze({ elicitation: { form: {}, url: {} }, sampling: {}, roots: {} });

/** A stateless POST is an ephemeral session (see `ConnectOptions.ephemeral`). */
const STATELESS_INITIALIZE: ConnectOptions = Object.freeze({ ephemeral: true });

/** Connect options of a stateless request per protocol version; keys are accepted versions only, so it stays small. */
const statelessOptions = new Map<string, ConnectOptions>();

function statelessConnectOptions(version: string): ConnectOptions {
  let options = statelessOptions.get(version);
  if (options === undefined) {
    options = Object.freeze({
      ephemeral: true,
      assumeInitialized: Object.freeze({ protocolVersion: version, clientCapabilities: STATELESS_CLIENT_CAPABILITIES }),
    });
    statelessOptions.set(version, options);
  }
  return options;
}

/**
 * A 2025 POST without a session: an ephemeral session of its own (see `ConnectOptions.ephemeral`).
 * Not `async`: an app that connects at once (`connectNow`) serves it without a promise or an
 * async resumption; other apps are awaited.
 */
export function postStateless(
  engine: StreamableHttpEngine,
  decoded: Decoded,
  req: HttpRequestView,
  res: HttpResponder,
  extra: MessageExtraInfo,
): Promise<void> | void {
  // Nothing to route a notification or a response to without a session.
  if (decoded.kind !== 'request') return accepted(res);
  const request = decoded.message as JSONRPCRequest;
  let connectOptions = STATELESS_INITIALIZE;
  if (!isInitialize(request)) {
    const version = requestProtocolVersion(req.header('mcp-protocol-version'), engine.options.versions);
    if (version === undefined) return unsupportedVersion(res);
    connectOptions = statelessConnectOptions(version);
  }
  if (engine.closing) return shuttingDown(res);
  if (refuseWhenSaturated(engine.statelessInflight, engine.options.maxStatelessInflight, request.id, res)) return;
  let connected: ConnectedSession | undefined;
  engine.statelessInflight++;
  const options = engine.options;
  const transport = new StatelessTransport(request, res, options.timing, options.answers, extra.authInfo !== undefined, () => {
    engine.statelessInflight--;
    if (connected !== undefined) void connected.close().catch(engine.reportError);
  });
  let connecting: ConnectedSession | Promise<ConnectedSession>;
  try {
    const app = engine.app;
    connecting = app.connectNow === undefined ? app.connect(transport, connectOptions) : app.connectNow(transport, connectOptions);
  } catch (error) {
    return notConnected(engine, res, error);
  }
  if (!(connecting instanceof Promise)) {
    connected = connecting;
    return transport.dispatch(extra);
  }
  return connecting.then(
    (session) => {
      connected = session;
      transport.dispatch(extra);
    },
    (error: unknown) => notConnected(engine, res, error),
  );
}

/** The ephemeral session of a stateless POST could not be opened: 500 (the cause goes to `onError`). */
function notConnected(engine: StreamableHttpEngine, res: HttpResponder, error: unknown): void {
  engine.statelessInflight--;
  engine.reportError(error);
  refuse(res, 500, 'Internal Server Error: could not open a session');
}
