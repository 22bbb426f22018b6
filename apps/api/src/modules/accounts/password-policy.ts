/**
 * The password rules of product.md and security.md W21: 8 to 128 characters, no composition
 * rules, and not one of the ~49,000 common passwords of @zxcvbn-ts/language-common (compared
 * lower-cased). The list is loaded once, on first use.
 */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type ErrorCode } from '@questfield/contract';
import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    (dictionary['passwords-common'] as readonly string[]).map((word) => word.toLowerCase()),
  );
  return common;
}

/** Counted in code points, so an emoji is one character as the player sees it. */
export function passwordProblem(password: string): ErrorCode | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'PASSWORD_TOO_SHORT';
  if (length > PASSWORD_MAX_LENGTH) return 'PASSWORD_TOO_LONG';
  if (commonPasswords().has(password.toLowerCase())) return 'PASSWORD_TOO_COMMON';
  return null;
}
