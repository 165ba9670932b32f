import { Module } from '@armature/di';
import { ContentTools } from './content.tools';
import { ElicitationTools } from './elicitation.tools';
import { InteractionTools } from './interaction.tools';
import { SchemaTools } from './schema.tools';
import { TestPrompts } from './test.prompts';
import { TestResources } from './test.resources';

/** Everything the MCP conformance suite expects of a server (see SCENARIOS.md). */
@Module({ handlers: [ContentTools, InteractionTools, ElicitationTools, SchemaTools, TestResources, TestPrompts] })
export class ConformanceModule {}
