import { revisionOfRequest } from './mcp-revision';
import { serverMessageErrors } from './server-message-errors';

/**
 * Checks one message a server sent (a response, or a notification or request on that
 * request's stream) against the client `request` it answers or belongs to: the revision comes
 * from the request (`revisionOfRequest`), the result type from its method, and a response must
 * carry the request's id. Meant for HTTP-level tests that post a request and read the reply.
 * Returns the violations; empty when the message is valid.
 */
export function checkServerMessage(message: unknown, request: unknown): string[] {
  const sent = (typeof request === 'object' && request !== null ? request : {}) as { readonly method?: unknown; readonly id?: unknown };
  const method = typeof sent.method === 'string' ? sent.method : undefined;
  const violations = serverMessageErrors(message, method, revisionOfRequest(request));
  const answer = (typeof message === 'object' && message !== null ? message : {}) as { readonly method?: unknown; readonly id?: unknown };
  const isResponse = answer.method === undefined && answer.id !== undefined && answer.id !== null;
  if (isResponse && sent.id !== undefined && answer.id !== sent.id) {
    violations.push(`response id ${JSON.stringify(answer.id)} does not answer request id ${JSON.stringify(sent.id)}`);
  }
  return violations;
}
