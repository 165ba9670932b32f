import { InjectionToken } from '@armature/di';

/** How the text tools behave; give them to `TextToolsModule.forRoot(options)`. */
export interface TextToolsOptions {
  /** BCP 47 locale for case changes, e.g. "tr-TR" (default: "en-US"). */
  readonly locale?: string;
  /** Longest text a tool accepts, in characters (default 100 000). */
  readonly maxInputLength?: number;
}

/** The options with their defaults filled in. */
export type ResolvedTextToolsOptions = Required<TextToolsOptions>;

/** The DI token of the resolved options. */
export const TEXT_TOOLS_OPTIONS = new InjectionToken<ResolvedTextToolsOptions>('TEXT_TOOLS_OPTIONS');

/** `options` over the defaults. */
export function resolveTextToolsOptions(options: TextToolsOptions = {}): ResolvedTextToolsOptions {
  return { locale: options.locale ?? 'en-US', maxInputLength: options.maxInputLength ?? 100_000 };
}
