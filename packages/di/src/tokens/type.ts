/** A concrete class that constructs `T`. */
export type Type<T = unknown> = new (...args: never[]) => T;

/** A class that may be abstract (an abstract class can be a token, never a `useClass`). */
export type AbstractType<T = unknown> = abstract new (...args: never[]) => T;
