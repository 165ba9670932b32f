import { Module, type DynamicModule } from '@armature/di';
import { TextStats } from './text-stats.service';
import { TextToolsHandlers } from './text-tools.handlers';
import { TEXT_TOOLS_OPTIONS, resolveTextToolsOptions, type TextToolsOptions } from './text-tools.options';

/**
 * Text tools as a module. Import `TextToolsModule.forRoot(options)` (or the module itself for
 * the defaults); `TextStats` is exported for the importing app's own handlers.
 */
@Module({
  providers: [TextStats, { provide: TEXT_TOOLS_OPTIONS, useValue: resolveTextToolsOptions() }],
  handlers: [TextToolsHandlers],
  exports: [TextStats],
})
export class TextToolsModule {
  /** The module with these options (each call is a module of its own). */
  static forRoot(options: TextToolsOptions = {}): DynamicModule {
    return { module: TextToolsModule, providers: [{ provide: TEXT_TOOLS_OPTIONS, useValue: resolveTextToolsOptions(options) }] };
  }
}
