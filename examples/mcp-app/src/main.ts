import 'reflect-metadata';
// Lets `app.listen()` serve `--http [host:]port` (stdio needs nothing).
import '@armature/http/register';
import { Armature, type ArmatureOptions } from '@armature/core';
import { mcpAppsCapability } from '@armature/core/mcp-apps';
import { WordTallyModule } from './word-tally.module';

/** Builds the word-tally server; it declares the MCP Apps extension among its capabilities. */
export function createWordTallyApp(options: Partial<ArmatureOptions> = {}): Promise<Armature> {
  return Armature.create(WordTallyModule, {
    name: 'armature-word-tally',
    version: '0.1.0',
    serverCapabilities: { extensions: mcpAppsCapability() },
    ...options,
  });
}

if (require.main === module) {
  createWordTallyApp()
    .then((app) => app.listen())
    .catch((error: unknown) => {
      process.stderr.write(`word-tally server failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    });
}
