import { render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { focusAccountButton, useTakeAccountFocus } from '../hooks/account-focus';

/** The avatar button as it mounts once its code has loaded. */
function AvatarButton() {
  const ref = useRef<HTMLButtonElement>(null);
  useTakeAccountFocus(ref);
  return (
    <button ref={ref} type="button" data-account-button>
      Account menu
    </button>
  );
}

/** A header bar whose avatar button has not mounted yet: focus is left pending for it. */
function leavePendingFocus() {
  const bar = document.createElement('div');
  bar.setAttribute('data-account-bar', '');
  document.body.append(bar);
  expect(focusAccountButton()).toBe(true);
  return bar;
}

describe("the account button's late focus", () => {
  afterEach(() => document.body.replaceChildren());

  it('takes the focus a sign-in left for it when it mounts', () => {
    leavePendingFocus();
    render(<AvatarButton />);
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus();
  });

  it('leaves the focus where the player put it meanwhile (a dialog they opened)', () => {
    leavePendingFocus();
    const elsewhere = document.createElement('button');
    elsewhere.textContent = 'Join';
    document.body.append(elsewhere);
    elsewhere.focus();
    render(<AvatarButton />);
    expect(elsewhere).toHaveFocus();
  });
});
