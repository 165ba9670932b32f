/**
 * Handler methods of every kind the runtime reads parameter types for: plain arguments, the
 * context, a DTO class; beside a method with the author's own decorator and a service
 * injected through its constructor.
 */
export const NOTES_HANDLERS = `import { IsString, IsUppercase, MinLength } from 'class-validator';
import { Prompt, RequestContext, Resource, Tool } from '@armature/core';
import { Injectable } from '@armature/di';

export class NoteInput {
  @IsString() @MinLength(3) @IsUppercase() title!: string;
  describe(): string {
    return 'note ' + this.title;
  }
}

/** The author's own method decorator: its design metadata is the author's to read. */
export function Logged(): MethodDecorator {
  return () => undefined;
}

@Injectable()
export class Greeter {
  greet(name: string): string {
    return 'hello ' + name;
  }
}

@Injectable()
export class Notes {
  constructor(private readonly greeter: Greeter) {}

  /**
   * Adds two numbers.
   * @param a The first addend.
   */
  @Tool()
  add(a: number, b: number): string {
    return String(a + b);
  }

  @Tool()
  whoAsks(name: string, ctx: RequestContext): string {
    return this.greeter.greet(name) + ' (request ' + String(ctx.requestId) + ')';
  }

  @Tool()
  create(note: NoteInput): string {
    return note instanceof NoteInput ? note.describe() : 'a plain object';
  }

  @Resource('notes://readme')
  readme(): string {
    return 'read me';
  }

  @Prompt()
  summarize(topic: string): string {
    return 'Summarize ' + topic;
  }

  @Logged()
  audit(entry: string): string {
    return entry;
  }

  @Tool()
  @Logged()
  echo(text: string): string {
    return text;
  }
}
`;
