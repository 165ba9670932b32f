// The elicitation forms the conformance fixtures ask, as TypeScript types: `armature build`
// turns each into the form schema stored under its key (ctx.elicit<T>(message, { key })).

/** A name. */
export interface NameForm {
  name: string;
}

/** A yes/no the answer must carry. */
export interface OkForm {
  ok: boolean;
}

/** A yes/no the answer may leave out. */
export interface ContinueForm {
  ok?: boolean;
}

/** A favourite colour. */
export interface ColorForm {
  color: string;
}

/** Context for a prompt. */
export interface ContextForm {
  context: string;
}

/** A confirmation. */
export interface ConfirmForm {
  confirm: boolean;
}

/** A name and an optional confirmation. */
export interface NameAndConfirmForm {
  name: string;
  confirm?: boolean;
}

/** A username and an email address. */
export interface UserInfoForm {
  /** User's response */
  username: string;
  /** User's email address */
  email: string;
}

/** One field of each primitive type, each with a default (SEP-1034). */
export interface DefaultsForm {
  /**
   * User name
   * @default "John Doe"
   */
  name?: string;
  /**
   * User age
   * @TJS-type integer
   * @default 30
   */
  age?: number;
  /**
   * User score
   * @default 95.5
   */
  score?: number;
  /**
   * User status
   * @default "active"
   */
  status?: 'active' | 'inactive' | 'pending';
  /**
   * Verification status
   * @default true
   */
  verified?: boolean;
}

/** Options with display titles: each member's JSDoc is the title a client shows. */
export enum TitledOption {
  /** First Option */
  Value1 = 'value1',
  /** Second Option */
  Value2 = 'value2',
  /** Third Option */
  Value3 = 'value3',
}

/** Options with display titles, sent in the legacy `enumNames` list (see `legacyEnum`). */
export enum LegacyOption {
  /** Option One */
  Opt1 = 'opt1',
  /** Option Two */
  Opt2 = 'opt2',
  /** Option Three */
  Opt3 = 'opt3',
}

/** The five enum shapes of SEP-1330. */
export interface EnumsForm {
  /** Untitled single-select */
  untitledSingle?: 'option1' | 'option2' | 'option3';
  /** Titled single-select */
  titledSingle?: TitledOption;
  /**
   * Legacy titled enum
   * @enumNames
   */
  legacyEnum?: LegacyOption;
  /** Untitled multi-select */
  untitledMulti?: ('option1' | 'option2' | 'option3')[];
  /**
   * Titled multi-select
   * @optionTitle value1 First Choice
   * @optionTitle value2 Second Choice
   * @optionTitle value3 Third Choice
   */
  titledMulti?: ('value1' | 'value2' | 'value3')[];
}
