/**
 * The length part of the password policy (product.md: 8 to 128 characters, no composition
 * rules), shared by the web's forms and the API. The API adds the common-password check, whose
 * list is too large for the browser. Zod-free, so any script may import it.
 */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/** Counted in code points, so an emoji is one character as the player sees it. */
function passwordLength(password: string): number {
  return [...password].length;
}

export function passwordLengthProblem(
  password: string,
): 'PASSWORD_TOO_SHORT' | 'PASSWORD_TOO_LONG' | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return 'PASSWORD_TOO_SHORT';
  if (length > PASSWORD_MAX_LENGTH) return 'PASSWORD_TOO_LONG';
  return null;
}

/** The rule shown under a new-password field before the player submits. */
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters. Very common passwords are not accepted.`;
