import { Module } from '@armature/di';
import { TextToolsModule } from '@armature-examples/plugin-tools';
import { EditorHandlers } from './editor.handlers';

/** The app: the plugin's text tools (Turkish case rules, 20 000 characters at most) and its own editor tools. */
@Module({
  imports: [TextToolsModule.forRoot({ locale: 'tr-TR', maxInputLength: 20_000 })],
  handlers: [EditorHandlers],
})
export class AppModule {}
