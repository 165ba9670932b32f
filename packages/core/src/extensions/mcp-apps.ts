import { ArmatureError } from '@armature/di';
import type { RequestContext } from '../context/request-context';
import { LocalErrorCode } from '../errors/local-error-codes';
import type { MetaObject, ResourceOptions } from '../metadata/handler-metadata.types';

// MCP Apps (SEP-1865, extension `io.modelcontextprotocol/ui`): a server ships HTML views as
// `ui://` resources of the app MIME type, and a tool's `_meta.ui.resourceUri` tells the host which
// view to render its results in. Everything here is plain data on primitives Armature already has
// (resource options and contents, tool `_meta`, declared capabilities); see docs/extensions.md.

/** The extension's identifier in `capabilities.extensions` (both sides). */
export const MCP_APPS_EXTENSION = 'io.modelcontextprotocol/ui';
/** The MIME type of an MCP App view (HTML the host renders in a sandboxed iframe). */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';
/** The flat tool `_meta` key older hosts read, sent beside `_meta.ui.resourceUri`. */
export const MCP_APP_LEGACY_RESOURCE_URI_KEY = 'ui/resourceUri';

/** Origins the view may reach; the host builds the iframe's Content Security Policy from them. */
export interface McpAppCsp {
  /** fetch/XHR/WebSocket origins (`connect-src`). */
  readonly connectDomains?: readonly string[];
  /** Script, image, style and font origins. */
  readonly resourceDomains?: readonly string[];
  /** Nested iframe origins (`frame-src`). */
  readonly frameDomains?: readonly string[];
  /** Allowed `<base>` URIs (`base-uri`). */
  readonly baseUriDomains?: readonly string[];
}

/** Browser permissions the view asks for; hosts may grant them. */
export interface McpAppPermissions {
  readonly camera?: Record<string, never>;
  readonly microphone?: Record<string, never>;
  readonly geolocation?: Record<string, never>;
  readonly clipboardWrite?: Record<string, never>;
}

/** Options of `mcpAppView(uri, options)`: the resource's listing, and the view's `_meta.ui`. */
export interface McpAppViewOptions extends Pick<ResourceOptions, 'name' | 'title' | 'description' | 'icons' | 'scopes'> {
  readonly csp?: McpAppCsp;
  readonly permissions?: McpAppPermissions;
  /** A dedicated sandbox origin, when the view needs a stable one. */
  readonly domain?: string;
  /** Whether the view wants the host to draw a border around it. */
  readonly prefersBorder?: boolean;
}

/** Who may call a tool linked to a view: the model, the view itself, or both (the default). */
export type McpAppToolVisibility = 'model' | 'app';

/** A `resources/read` contents entry of a view: its HTML and its `_meta.ui`. */
export interface McpAppContents {
  readonly uri: string;
  readonly mimeType: typeof MCP_APP_MIME_TYPE;
  readonly text: string;
  readonly _meta?: MetaObject;
}

/** One MCP App view: what its `@Resource`, its tools and its read result carry. */
export interface McpAppView {
  readonly uri: string;
  /** Options for `@Resource(view.uri, view.resource)`: the app MIME type and `_meta.ui`. */
  readonly resource: ResourceOptions;
  /** The `_meta` of a tool whose results this view renders: `@Tool({ _meta: view.toolMeta() })`. */
  toolMeta(options?: { readonly visibility?: readonly McpAppToolVisibility[] }): MetaObject;
  /** What the view's resource method returns: the HTML as a contents entry with `_meta.ui`. */
  contents(html: string): McpAppContents;
}

function uiMeta(options: McpAppViewOptions): MetaObject | undefined {
  const ui: Record<string, unknown> = {};
  for (const key of ['csp', 'permissions', 'domain', 'prefersBorder'] as const) if (options[key] !== undefined) ui[key] = options[key];
  return Object.keys(ui).length === 0 ? undefined : { ui };
}

/**
 * Declares an MCP App view at a `ui://` URI. Serve it with `@Resource(view.uri, view.resource)`
 * returning `view.contents(html)`, and link tools to it with `@Tool({ _meta: view.toolMeta() })`.
 */
export function mcpAppView(uri: string, options: McpAppViewOptions = {}): McpAppView {
  if (!/^ui:\/\/[^/\s]+/.test(uri)) {
    throw new ArmatureError(
      LocalErrorCode.INVALID_RESOURCE_URI,
      `mcpAppView(${JSON.stringify(uri.slice(0, 100))}): an MCP App view's URI must use the ui:// scheme, e.g. "ui://my-server/view.html".`,
    );
  }
  const listing: Record<string, unknown> = {};
  for (const key of ['name', 'title', 'description', 'icons', 'scopes'] as const)
    if (options[key] !== undefined) listing[key] = options[key];
  const meta = uiMeta(options);
  const resource: ResourceOptions = Object.freeze({
    ...listing,
    mimeType: MCP_APP_MIME_TYPE,
    ...(meta === undefined ? {} : { _meta: meta }),
  });
  return Object.freeze({
    uri,
    resource,
    toolMeta: ({ visibility }: { readonly visibility?: readonly McpAppToolVisibility[] } = {}) => ({
      ui: { resourceUri: uri, ...(visibility === undefined ? {} : { visibility: [...visibility] }) },
      [MCP_APP_LEGACY_RESOURCE_URI_KEY]: uri,
    }),
    contents: (html: string): McpAppContents => ({
      uri,
      mimeType: MCP_APP_MIME_TYPE,
      text: html,
      ...(meta === undefined ? {} : { _meta: meta }),
    }),
  });
}

/** The server's declaration of the extension, for `serverCapabilities.extensions`. */
export function mcpAppsCapability(): Readonly<Record<string, Readonly<Record<string, unknown>>>> {
  return { [MCP_APPS_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE] } };
}

/**
 * Whether the client of this request renders MCP App views: it declared the extension with the
 * app MIME type (or with no `mimeTypes`). A tool can then answer with less text for the model.
 */
export function clientSupportsMcpApps(ctx: RequestContext): boolean {
  const extensions = (ctx.session.clientCapabilities as { extensions?: unknown }).extensions;
  if (typeof extensions !== 'object' || extensions === null) return false;
  const declared = (extensions as Record<string, unknown>)[MCP_APPS_EXTENSION];
  if (typeof declared !== 'object' || declared === null) return false;
  const mimeTypes = (declared as { mimeTypes?: unknown }).mimeTypes;
  return !Array.isArray(mimeTypes) || mimeTypes.includes(MCP_APP_MIME_TYPE);
}
