import { Injectable } from '@armature/di';
import { Armature, Prompt, Tool } from '@armature/core';

/**
 * Holds the running app so fixture tools can change what it serves at run time
 * (`startConformanceServer` attaches it once the app exists).
 */
@Injectable()
export class RunningApp {
  app: Armature | undefined;
}

/** Tools that change the tool and prompt lists (conformance: list_changed on subscriptions/listen and GET streams). */
@Injectable()
export class ListChangeTools {
  constructor(private readonly running: RunningApp) {}

  /** Hides or shows `test_dynamic_tool`: the tool list changes and list_changed goes out. */
  @Tool()
  test_trigger_tool_change(): string {
    const tools = this.running.app?.tools;
    if (tools === undefined) return 'The app is not attached';
    if (tools.isEnabled('test_dynamic_tool')) tools.disable('test_dynamic_tool');
    else tools.enable('test_dynamic_tool');
    return `test_dynamic_tool is now ${tools.isEnabled('test_dynamic_tool') ? 'listed' : 'hidden'}`;
  }

  /** Hides or shows `test_dynamic_prompt`: the prompt list changes and list_changed goes out. */
  @Tool()
  test_trigger_prompt_change(): string {
    const prompts = this.running.app?.prompts;
    if (prompts === undefined) return 'The app is not attached';
    const listed = (): boolean => prompts.list().some((prompt) => prompt.name === 'test_dynamic_prompt');
    if (listed()) prompts.disable('test_dynamic_prompt');
    else prompts.enable('test_dynamic_prompt');
    return `test_dynamic_prompt is now ${listed() ? 'listed' : 'hidden'}`;
  }

  /** A tool that comes and goes. */
  @Tool()
  test_dynamic_tool(): string {
    return 'dynamic';
  }

  /** A prompt that comes and goes. */
  @Prompt()
  test_dynamic_prompt(): string {
    return 'dynamic';
  }
}
