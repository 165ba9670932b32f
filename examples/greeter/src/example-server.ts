/** A running mounting example: where its MCP endpoint is, and how to stop it. */
export interface ExampleServer {
  /** The MCP endpoint, e.g. `http://127.0.0.1:3000/mcp`. */
  readonly url: string;
  /** Ends the MCP sessions, stops listening and closes the app. */
  close(): Promise<void>;
}

/** How a mounting example starts: on this port (0: any free one). */
export type StartExampleServer<S extends ExampleServer = ExampleServer> = (port: number) => Promise<S>;
