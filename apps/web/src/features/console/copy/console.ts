import { TWO_FACTOR_RECOVERY_CODES } from '@questfield/contract';

/**
 * The console's own words (staff and admins only; players never see them): its frame, the way
 * in (sign-in, two-factor) and the navigation between its screens.
 */
export const consoleCopy = {
  title: 'Console',
  eyebrow: 'Questfield operators',
  loadFailed: 'The console could not be opened.',
  signInHeading: 'Sign in to open the console',
  signInText:
    'The console is for Questfield staff. Sign in with your account; the console then asks for a code from your authenticator app.',
  signIn: 'Sign In',

  setupHeading: 'Set up two-factor sign-in',
  setupIntro:
    'Every sign-in to the console takes a second step: the 6-digit code an authenticator app on your phone shows (Google Authenticator, Microsoft Authenticator, 1Password and the like).',
  setupPasswordHint: 'Your account password, so nobody at an open screen can set this up.',
  setupShowKey: 'Continue',
  setupScan:
    'Scan this QR code with your authenticator app, or type the key into it by hand. It is shown only now.',
  qrLabel: 'QR code to scan with your authenticator app',
  keyLabel: 'Key',
  setupFailed: 'Two-factor sign-in could not be set up.',
  setupCodeHint: 'The code your app shows for Questfield now.',
  enable: 'Turn On Two-Factor',

  recoveryHeading: 'Your recovery codes',
  recoveryIntro: `If you lose your phone, each of these ${TWO_FACTOR_RECOVERY_CODES} codes opens the console once instead of a code. They are shown only now: download them or write them down, and keep them apart from your phone.`,
  recoveryListLabel: 'Recovery codes',
  downloadCodes: 'Download the codes',
  recoveryFileName: 'questfield-recovery-codes.txt',
  recoveryDone: 'I Have Kept Them',

  verifyHeading: 'Enter your code',
  verifyIntro: 'Open your authenticator app and enter the code it shows for Questfield.',
  verifyCodeHint: 'A new code every 30 seconds; each works once.',
  verifySubmit: 'Open the Console',
  verifyFailed: 'The code could not be checked.',
  useRecovery: 'Lost your phone? Use a recovery code',
  useCode: 'Use a code from the app',
  recoveryLabel: 'Recovery code',
  recoveryHint: 'One of the codes you kept when you set up two-factor sign-in.',

  nav: 'Console',
  navOverview: 'Today',
  navAuditLog: 'Audit log',
  navOrders: 'Orders',
  navPlayers: 'Players',

  navCodes: 'Codes',

  navSchedule: 'Venue day',

  navSettings: 'Settings',

  navApprovals: 'Approvals',

  navWeek: 'Week',

  navReports: 'Reports',
} as const;
