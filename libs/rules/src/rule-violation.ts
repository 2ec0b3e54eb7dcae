/**
 * An illegal action. `code` is stable SCREAMING_SNAKE (documented per game in its rules doc);
 * `message` is for people; `details` carries the facts behind the decision.
 */
export class RuleViolation extends Error {
  override readonly name = 'RuleViolation';

  constructor(
    readonly code: string,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }

  toJSON() {
    return { code: this.code, message: this.message, details: this.details };
  }
}

export function isRuleViolation(error: unknown): error is RuleViolation {
  return error instanceof RuleViolation;
}

/** Throws a RuleViolation unless `condition` holds; reads as the rule it enforces. */
export function require_(condition: unknown, code: string, message: string, details?: Record<string, unknown>): asserts condition {
  if (!condition) throw new RuleViolation(code, message, details);
}
