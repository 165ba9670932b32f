import { Module } from '@armature/di';
import { mount } from '@armature/core/mount';
import { TextToolsModule } from '@armature-examples/plugin-tools';
import { EditorHandlers } from './editor.handlers';

/**
 * The app: the plugin's text tools (Turkish case rules, 20 000 characters at most), served under
 * the `text` prefix (`text_count_words`, …), and its own editor tools.
 */
@Module({
  imports: [mount(TextToolsModule.forRoot({ locale: 'tr-TR', maxInputLength: 20_000 }), { prefix: 'text' })],
  handlers: [EditorHandlers],
})
export class AppModule {}
