import { describe, expect, it } from 'vitest';
import {
  NAME_CHARACTERS_RULE,
  signUpForm,
  signUpRequest,
  updateUserRequest,
  USERNAME_RULE,
} from '../src/accounts';
import { ERRORS } from '../src/errors';
import { MESSAGES } from '../src/messages';
import { PASSWORD_RULE, passwordLengthProblem } from '../src/password-policy';
import { isUserMessage } from '../src/user-message';

const SIGN_UP = { username: 'ada', email: 'ada@example.com', password: 'a long passphrase' };

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('names', () => {
  it('normalises display names and usernames to NFC', () => {
    // 'e' + COMBINING ACUTE ACCENT becomes the one precomposed 'é'.
    const parsed = updateUserRequest.parse({ firstName: ' Jose\u0301 ', lastName: 'Zoe\u0308' });
    expect(parsed).toEqual({ firstName: 'Jos\u00e9', lastName: 'Zo\u00eb' });
    expect(parsed.firstName?.length).toBe(4);
    expect(updateUserRequest.parse({ username: 'ada' })).toEqual({ username: 'ada' });
  });

  it.each([
    ['a control character', 'Ada\u0007'],
    ['a newline', 'Ada\nLovelace'],
    ['a C1 control', 'Ada\u0085x'],
    ['DEL', 'Ada\u007f'],
    ['a right-to-left override', 'Ada\u202Egnp.exe'],
    ['a left-to-right embedding', '\u202AAda'],
    ['a pop directional formatting', 'Ada\u202Cx'],
    ['a right-to-left isolate', 'Ada\u2067x'],
    ['a pop directional isolate', 'Ada\u2069x'],
    ['a zero-width space', 'Ad\u200Ba'],
    ['a zero-width non-joiner', 'Ad\u200Ca'],
    ['a zero-width joiner', 'Ad\u200Da'],
    ['a word joiner', 'Ad\u2060a'],
    ['a zero-width no-break space inside', 'Ad\uFEFFa'],
    ['a lone high surrogate', 'Ada\uD800'],
    ['a lone low surrogate', 'Ada\uDC00x'],
    ['a line separator', 'Ada\u2028x'],
  ])('refuses %s in names with one clear message', (_what, value) => {
    for (const field of ['firstName', 'lastName', 'username'] as const) {
      const result = updateUserRequest.safeParse({ [field]: value });
      expect(messagesOf(result), field).toEqual([NAME_CHARACTERS_RULE]);
    }
    expect(messagesOf(signUpRequest.safeParse({ ...SIGN_UP, username: value }))).toEqual([
      NAME_CHARACTERS_RULE,
    ]);
  });

  it('lets the API answer the message word for word', () => {
    expect(isUserMessage(NAME_CHARACTERS_RULE)).toBe(true);
  });

  it('keeps letters of any script, emoji (a surrogate pair) and ordinary punctuation', () => {
    expect(updateUserRequest.parse({ firstName: 'Zoë 🙂', lastName: "O'Brien-Søren" })).toEqual({
      firstName: 'Zoë 🙂',
      lastName: "O'Brien-Søren",
    });
    expect(updateUserRequest.parse({ firstName: 'محمد', lastName: '李' })).toEqual({
      firstName: 'محمد',
      lastName: '李',
    });
  });

  it('still applies the username rule to visible characters', () => {
    expect(messagesOf(updateUserRequest.safeParse({ username: 'a b' }))).toEqual([USERNAME_RULE]);
  });
});

describe('email', () => {
  it('refuses a local part over 64 characters', () => {
    const local64 = 'a'.repeat(64);
    expect(signUpRequest.safeParse({ ...SIGN_UP, email: `${local64}@example.com` }).success).toBe(
      true,
    );
    const result = signUpRequest.safeParse({ ...SIGN_UP, email: `${local64}b@example.com` });
    expect(messagesOf(result)).toEqual(['Please enter a valid email address.']);
  });
});

describe('the new-password rule (shared with the API)', () => {
  it('counts code points, as the server does', () => {
    expect(passwordLengthProblem('1234567')).toBe('PASSWORD_TOO_SHORT');
    expect(passwordLengthProblem('12345678')).toBeNull();
    // Seven emoji are fourteen UTF-16 units but seven characters.
    expect(passwordLengthProblem('🙂'.repeat(7))).toBe('PASSWORD_TOO_SHORT');
    expect(passwordLengthProblem('x'.repeat(128))).toBeNull();
    expect(passwordLengthProblem('x'.repeat(129))).toBe('PASSWORD_TOO_LONG');
  });

  it('flags a blank, short or long password in the sign-up form with the server wording', () => {
    expect(messagesOf(signUpForm.safeParse({ ...SIGN_UP, password: '' }))).toEqual([
      'Please enter a password.',
    ]);
    expect(messagesOf(signUpForm.safeParse({ ...SIGN_UP, password: 'short' }))).toEqual([
      ERRORS.PASSWORD_TOO_SHORT.message,
    ]);
    expect(messagesOf(signUpForm.safeParse({ ...SIGN_UP, password: 'x'.repeat(129) }))).toEqual([
      ERRORS.PASSWORD_TOO_LONG.message,
    ]);
    expect(signUpForm.safeParse(SIGN_UP).success).toBe(true);
  });

  it('states the rule with the same minimum', () => {
    expect(PASSWORD_RULE).toContain('8 characters');
  });
});

describe('copy', () => {
  it("writes 'email', never 'e-mail', in every message players read", () => {
    const texts = [
      ...Object.values(ERRORS).map((error) => error.message),
      ...Object.values(MESSAGES).map((text) =>
        typeof text === 'function' ? text('ada@example.com' as never) : text,
      ),
      NAME_CHARACTERS_RULE,
      USERNAME_RULE,
      PASSWORD_RULE,
    ];
    expect(texts.filter((text) => /e-mail/i.test(String(text)))).toEqual([]);
  });
});
