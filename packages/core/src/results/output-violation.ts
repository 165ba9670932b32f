import type { ValidationIssue } from '../validation/validation-result';

/**
 * A tool returned a value its output schema rejects: a server bug, logged on stderr and
 * answered with -32603. Never reaches the client as such.
 */
export class OutputViolation extends Error {
  constructor(readonly issues: readonly ValidationIssue[]) {
    super(issues.map((i) => `${i.path || '(result)'}: ${i.message}`).join('; '));
    this.name = 'OutputViolation';
  }
}
