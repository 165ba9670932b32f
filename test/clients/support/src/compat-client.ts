/**
 * A third-party MCP client seen through the few operations every client offers. Each client's
 * test package adapts its own API to this shape, using the client's public objects (an AI SDK
 * tool's `execute`, a LangChain tool's `invoke`, …) rather than a raw protocol client.
 */
export interface CompatClient {
  /** The tool names the client offers its model. */
  listTools(): Promise<string[]>;
  /** Calls a tool the way the client's model would, and reduces the answer to its text. */
  callTool(name: string, args: Record<string, unknown>): Promise<CompatToolOutcome>;
  /** The resources the client lists (concrete resources, not templates). */
  listResources(): Promise<string[]>;
  /** Reads a resource; rejects when the server says it is not found. */
  readResource(uri: string): Promise<CompatContent[]>;
  /** The prompt names the client lists. */
  listPrompts(): Promise<string[]>;
  /** Renders a prompt to its messages' texts. */
  getPrompt(name: string, args: Record<string, string>): Promise<CompatMessage[]>;
  close(): Promise<void>;
}

export interface CompatToolOutcome {
  readonly isError: boolean;
  /** Every text part of the result, joined. */
  readonly text: string;
}

export interface CompatContent {
  readonly uri: string;
  readonly mimeType?: string;
  readonly text?: string;
}

export interface CompatMessage {
  readonly role: string;
  readonly text: string;
}

/**
 * How a client treats arguments that do not match the tool's input schema: they reach the
 * server, which answers with an `isError` result naming the arguments; or the client checks
 * them against the tool's input schema and throws (with a message matching `message`) first.
 */
export type InvalidArgumentsHandling = { readonly checkedBy: 'server' } | { readonly checkedBy: 'client'; readonly message: RegExp };

/** The text parts of an MCP content array (other parts are ignored). */
export function joinTexts(content: readonly unknown[] | undefined): string {
  return (content ?? [])
    .map((part) =>
      part !== null && typeof part === 'object' && (part as { type?: unknown }).type === 'text'
        ? String((part as { text?: unknown }).text)
        : '',
    )
    .filter((text) => text !== '')
    .join('\n');
}
