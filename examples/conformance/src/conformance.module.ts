import { Module } from '@armature/di';
import { ContentTools } from './content.tools';
import { ElicitationTools } from './elicitation.tools';
import { InteractionTools } from './interaction.tools';
import { InputRequiredTools } from './input-required.tools';
import { ListChangeTools, RunningApp } from './list-changes.tools';
import { SchemaTools } from './schema.tools';
import { TaskTools } from './task.tools';
import { TestPrompts } from './test.prompts';
import { TestResources } from './test.resources';

/** Everything the MCP conformance suite expects of a server (see SCENARIOS.md). */
@Module({
  providers: [RunningApp],
  handlers: [
    ContentTools,
    InteractionTools,
    ElicitationTools,
    SchemaTools,
    TestResources,
    TestPrompts,
    InputRequiredTools,
    ListChangeTools,
    TaskTools,
  ],
})
export class ConformanceModule {}
