import { BRAND_NAME } from '@questfield/contract';

/** Copy of this feature; the spec's own texts come from the contract's MESSAGES. */
export const accountsCopy = {
  close: 'Close',
  // Sign in (spec §2)
  signInTitle: 'Sign in',
  signInDescription: `Welcome back to ${BRAND_NAME}.`,
  newUser: 'New user?',
  createAccount: 'Create an account',
  emailLabel: 'Email address',
  emailPlaceholder: 'Enter your email',
  /** The sign-in field takes either; its label stays the spec's 'Email address'. */
  signInIdentifierPlaceholder: 'Enter your email or username',
  passwordLabel: 'Password',
  passwordPlaceholder: 'Enter your password',
  forgotPassword: 'Forgot password?',
  signInSubmit: 'Sign In',
  /** Offered when sign-ins are paused after failed attempts: the recovery code signs in. */
  emailSignInCode: 'Email me a sign-in code',
  // Sign up
  signUpTitle: 'Sign Up',
  signUpDescription: 'Create your player account to hold credits and book sessions.',
  haveAccount: 'Have an Account?',
  logIn: 'Log In',
  usernameLabel: 'Username',
  usernamePlaceholder: 'Choose a username',
  newPasswordPlaceholder: 'Create a password',
  signUpSubmit: 'Sign Up',
  // Forgot and reset password
  forgotTitle: 'Forgot Password',
  forgotDescription: 'We will email you a 6-digit recovery code.',
  sendRecoveryCode: 'Send Recovery Code',
  recoveryCodeLabel: 'Recovery code',
  recoveryCodePlaceholder: '6-digit code',
  verifyCode: 'Verify Code',
  resendCode: 'Resend code',
  useAnotherEmail: 'Use another email',
  codeResent: 'A new recovery code is on its way.',
  backToSignIn: 'Sign In',
  resetTitle: 'Reset Password',
  resetDescription: 'Choose a new password for your account.',
  newPasswordLabel: 'New Password',
  confirmPasswordLabel: 'Confirm New Password',
  resetSubmit: 'Reset Password',
  /** The verified code signs the player in; the password stays as it was. */
  signInWithCode: 'Sign in without changing it',
  back: 'Back',
  // Account settings
  settingsTitle: 'Account Settings',
  settingsDescription: 'Your email address cannot be changed here.',
  emailField: 'Email',
  userNameField: 'User Name',
  firstNameField: 'First Name',
  lastNameField: 'Last Name',
  edit: (field: string) => `Edit ${field}`,
  cancel: 'Cancel',
  cancelEdit: (field: string) => `Cancel editing ${field}`,
  notSet: 'Not set',
  update: 'Update',
  // Game reminders (below the settings form; ADR 0033)
  remindersHeading: 'Game reminders',
  remindersText: 'An email 24 hours and 1 hour before each game you book.',
  remindersLabel: 'Reminder emails',
  remindersOn: 'On',
  remindersOff: 'Off',
  remindersFailed: 'Your reminder setting could not be saved. Please try again.',
  // The unsubscribe page (a reminder mail's link; its heading is the page's label)
  unsubscribeText:
    'Stop the emails we send 24 hours and 1 hour before each game you book? You can turn them back on in Account Settings.',
  unsubscribeButton: 'Turn off game reminders',
  unsubscribeFailed: 'Game reminders could not be turned off. Please try again.',
  unsubscribeNoToken:
    'This link is incomplete. Open it again from the reminder email, or turn game reminders off in Account Settings.',
  // Deleting the account (below the settings form)
  deleteHeading: 'Delete account',
  deleteIntro: 'Delete your account and the personal information it holds. This cannot be undone.',
  deleteStart: 'Delete account',
  deleteWhatGoes: 'This deletes, for good:',
  deleteGoes: [
    'your email address, username and name, and your sign-in on every device;',
    'your bookings of sessions that have not started, and your results on the leaderboards.',
  ],
  deleteCredits: (credits: number) =>
    credits > 0
      ? `Your ${credits} ${credits === 1 ? 'credit is' : 'credits are'} forfeited with the account: they cannot be refunded or moved.`
      : 'Credits you have left are forfeited with the account: they cannot be refunded or moved.',
  deleteKept:
    'We keep your purchase records, without your name or email address, for as long as tax and accounting laws require.',
  deletePasswordHint: 'Enter your password to confirm.',
  deleteConfirm: 'Delete my account',
  deleteBack: 'Keep my account',
  deleteFailed: 'Your account could not be deleted. Please try again.',
  dismiss: 'Dismiss',
  // Header and menu
  credits: 'Credits',
  accountMenu: 'Account menu',
  accountSettings: 'Account Settings',
  logOut: 'Log Out',
  contactUs: 'Contact Us',
  // Login gate (spec §4)
  gateSignInHeading: 'Sign in to continue',
  gateSignInText: 'Sign in to buy credits, book sessions and redeem your codes.',
  gateSignUpHeading: 'New here? Create an account',
  gateSignUpText: 'An account holds your credits, bookings and redeemed codes.',
} as const;
