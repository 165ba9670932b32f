// Public API of the plugin package: the module, its options, and the service it exports.
export { TextToolsModule } from './text-tools.module';
export { TEXT_TOOLS_OPTIONS, resolveTextToolsOptions, type TextToolsOptions, type ResolvedTextToolsOptions } from './text-tools.options';
export { TextStats, type WordCount } from './text-stats.service';
export { TextToolsHandlers, type CaseStyle } from './text-tools.handlers';
