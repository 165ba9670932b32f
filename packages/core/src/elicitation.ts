/**
 * Typed elicitation (`ctx.elicit<T>(message, { key })`): the options, the typed answer and the
 * error for content that does not match the form. The root export is full; these live here.
 */
export type { ElicitAnswer, ElicitFormOptions } from './context/typed-elicit.types';
export { ElicitAnswerError } from './context/elicit-answer.error';
