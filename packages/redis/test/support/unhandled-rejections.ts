/**
 * Registers hooks that record every unhandled promise rejection while the enclosing describe
 * runs (a Redis fault must surface as an answer or a logged error, never as one of these);
 * returns the list the tests assert is empty.
 */
export function recordUnhandledRejections(): unknown[] {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown): void => {
    unhandled.push(reason);
  };
  before(() => {
    process.on('unhandledRejection', onUnhandled);
  });
  after(() => {
    process.off('unhandledRejection', onUnhandled);
  });
  return unhandled;
}
