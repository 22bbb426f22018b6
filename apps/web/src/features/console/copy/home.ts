import { TWO_FACTOR_RECOVERY_CODES } from '@questfield/contract';

/** The console's overview: who is signed in, and the session's checks. */
export const homeCopy = {
  heading: 'Signed in to the console',
  signedInAs: (username: string, role: string) => `${username}, ${role}`,
  roles: { staff: 'staff', admin: 'admin' },
  securityHeading: 'Two-factor sign-in',
  securityOn: 'On for this account; this session has passed it.',
  recoveryLeft: (left: number) =>
    `${left} of ${TWO_FACTOR_RECOVERY_CODES} recovery code${left === 1 ? '' : 's'} left.`,
  reauthFresh: (until: string) =>
    `Refunds, grants and code batches go ahead without asking again until ${until}.`,
  reauthStale: 'Refunds, grants and code batches ask for your password and a code first.',
} as const;
