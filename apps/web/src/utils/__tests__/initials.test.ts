import { describe, expect, it } from 'vitest';
import { initialsOf } from '../initials';

describe('initialsOf', () => {
  it('takes the first letters of the first and last name, in capitals', () => {
    expect(initialsOf({ firstName: 'ada', lastName: 'lovelace', username: 'x', email: 'y' })).toBe(
      'AL',
    );
  });

  it('falls back to the first 2 letters of the username when a name is missing', () => {
    expect(
      initialsOf({ firstName: 'Ada', lastName: '', username: 'countess', email: 'a@b.c' }),
    ).toBe('CO');
    expect(initialsOf({ firstName: '  ', lastName: 'L', username: 'qf' })).toBe('QF');
  });

  it('falls back to the first 2 letters of the email when there is no username', () => {
    expect(initialsOf({ username: '', email: 'zoe@example.com' })).toBe('ZO');
  });

  it('handles one-letter values and letters outside ASCII', () => {
    expect(initialsOf({ username: 'q' })).toBe('Q');
    expect(initialsOf({ firstName: 'émile', lastName: 'ørsted' })).toBe('ÉØ');
  });

  it('shows a placeholder when nothing is known', () => {
    expect(initialsOf({})).toBe('?');
  });
});
