import { embeddedResource, image, Prompt, text } from '@armature/core';
import type { PromptMessage } from '@armature/core/wire/2025-11-25';
import { RED_PIXEL_PNG } from './fixtures';

/** Candidate values for `arg1` of `test_prompt_with_arguments` (conformance: completion-complete). */
const ARG1_VALUES = ['paris', 'park', 'party', 'test', 'testValue'];

/** The prompts the conformance suite gets. */
export class TestPrompts {
  /** A simple prompt without arguments. */
  @Prompt()
  test_simple_prompt(): string {
    return 'This is a simple prompt for testing.';
  }

  /**
   * A prompt with two required arguments.
   * @param arg1 First test argument.
   * @param arg2 Second test argument.
   */
  @Prompt({ complete: { arg1: (value: string) => ARG1_VALUES.filter((candidate) => candidate.startsWith(value)) } })
  test_prompt_with_arguments(arg1: string, arg2: string): string {
    return `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`;
  }

  /**
   * A prompt that embeds a resource.
   * @param resourceUri URI of the resource to embed.
   */
  @Prompt()
  test_prompt_with_embedded_resource(resourceUri: string): PromptMessage[] {
    return [
      { role: 'user', content: embeddedResource(resourceUri, 'Embedded resource content for testing.', { mimeType: 'text/plain' }) },
      { role: 'user', content: text('Please process the embedded resource above.') },
    ];
  }

  /** A prompt that shows an image. */
  @Prompt()
  test_prompt_with_image(): PromptMessage[] {
    return [
      { role: 'user', content: image(RED_PIXEL_PNG, 'image/png') },
      { role: 'user', content: text('Please analyze the image above.') },
    ];
  }
}
