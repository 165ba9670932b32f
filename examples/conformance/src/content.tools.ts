import { audio, embeddedResource, image, text, Tool, ToolError } from '@armature/core';
import type { AudioContent, ContentBlock, EmbeddedResource, ImageContent } from '@armature/core/wire/2025-11-25';
import { RED_PIXEL_PNG, SILENT_WAV } from './fixtures';

/** Tools that return each kind of content block (conformance: tools-call-*). */
export class ContentTools {
  /** Returns one text block. */
  @Tool()
  test_simple_text(): string {
    return 'This is a simple text response for testing.';
  }

  /** Returns a 1×1 PNG image block. */
  @Tool()
  test_image_content(): ImageContent {
    return image(RED_PIXEL_PNG, 'image/png');
  }

  /** Returns a short WAV audio block. */
  @Tool()
  test_audio_content(): AudioContent {
    return audio(SILENT_WAV, 'audio/wav');
  }

  /** Returns an embedded text resource. */
  @Tool()
  test_embedded_resource(): EmbeddedResource {
    return embeddedResource('test://embedded-resource', 'This is an embedded resource content.', { mimeType: 'text/plain' });
  }

  /** Returns text, an image and an embedded JSON resource together. */
  @Tool()
  test_multiple_content_types(): ContentBlock[] {
    return [
      text('Multiple content types test:'),
      image(RED_PIXEL_PNG, 'image/png'),
      embeddedResource('test://mixed-content-resource', JSON.stringify({ test: 'data', value: 123 }), { mimeType: 'application/json' }),
    ];
  }

  /** Always fails, with an `isError` result the model can read. */
  @Tool()
  test_error_handling(): never {
    throw new ToolError('This tool intentionally returns an error for testing');
  }
}
