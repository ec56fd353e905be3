/** The spec's rule for displayed names and collection names: 3 to 20 letters, digits, dashes, dots, underscores. */
export const NAME_RULE_MESSAGE =
  'Name must be between 3 and 20 characters with only alphanumeric characters, dashes, dots and underscores';

const NAME_PATTERN = /^[A-Za-z0-9._-]{3,20}$/;

/** Whether a displayed name or collection name follows the rule. */
export function isValidName(name: string): boolean {
  return NAME_PATTERN.test(name);
}
