import { useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { SwitchPrompt } from '@/components/ui/form/switch-prompt';
import { accountsCopy } from '@/features/accounts/copy';
import { dispatchWindowEvent, WINDOW_EVENTS } from '@/lib/window-events';
import { cn } from '@/utils/cn';

type Mode = 'sign-in' | 'sign-up';

/**
 * The login gate (spec §4): logged-out visitors see a prompt that switches between signing
 * in and signing up, and opens the matching modal. Used by /, /experience-card and /game.
 */
export function LoginGate({
  className,
  heading,
  headingLevel = 3,
}: {
  className?: string;
  heading?: string;
  /** 3 inside a titled section (the landing page's); 2 right under a page's h1. */
  headingLevel?: 2 | 3;
}) {
  const [mode, setMode] = useState<Mode>('sign-in');
  const signIn = mode === 'sign-in';
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <section
      aria-label={
        heading ?? (signIn ? accountsCopy.gateSignInHeading : accountsCopy.gateSignUpHeading)
      }
      className={cn(
        'rounded-3xl border border-white/10 bg-ink-850/80 p-6 shadow-xl shadow-black/30 sm:p-8',
        className,
      )}
    >
      <Heading className="text-xl font-extrabold tracking-tight text-white sm:text-2xl">
        {heading ?? (signIn ? accountsCopy.gateSignInHeading : accountsCopy.gateSignUpHeading)}
      </Heading>
      <p className="mt-2 max-w-xl text-base text-mist-300">
        {signIn ? accountsCopy.gateSignInText : accountsCopy.gateSignUpText}
      </p>
      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-center">
        <button
          type="button"
          className={buttonStyles({ size: 'lg' })}
          onClick={() =>
            dispatchWindowEvent(signIn ? WINDOW_EVENTS.openSignIn : WINDOW_EVENTS.openSignUp)
          }
        >
          {signIn ? accountsCopy.signInSubmit : accountsCopy.signUpSubmit}
        </button>
        <SwitchPrompt
          question={signIn ? accountsCopy.newUser : accountsCopy.haveAccount}
          action={signIn ? accountsCopy.createAccount : accountsCopy.logIn}
          onClick={() => setMode(signIn ? 'sign-up' : 'sign-in')}
        />
      </div>
    </section>
  );
}
