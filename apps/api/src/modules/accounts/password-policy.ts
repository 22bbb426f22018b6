/**
 * The password rules of product.md and security.md W21: 8 to 128 characters, no composition
 * rules, and not one of the ~49,000 common passwords of @zxcvbn-ts/language-common (compared
 * lower-cased). The list is loaded once, on first use.
 */
import { passwordLengthProblem, type ErrorCode } from '@questfield/contract';
import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    (dictionary['passwords-common'] as readonly string[]).map((word) => word.toLowerCase()),
  );
  return common;
}

/** The contract's length rule (shared with the web's forms), then the common-password list. */
export function passwordProblem(password: string): ErrorCode | null {
  const length = passwordLengthProblem(password);
  if (length !== null) return length;
  return commonPasswords().has(password.toLowerCase()) ? 'PASSWORD_TOO_COMMON' : null;
}
