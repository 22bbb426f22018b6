import { TWO_FACTOR_RECOVERY_CODES, type AuditAction } from '@questfield/contract';

const ACTIONS: Record<AuditAction, string> = {
  'users.set-role': 'Role changed',
  'users.grant-credits': 'Credits granted',
  'users.delete': 'Account deleted',
  'codes.create': 'Codes created',
  'codes.revoke': 'Code revoked',
  'slots.set-capacity': 'Slot capacity changed',
  'slots.close': 'Slot closed',
  'settings.multiplayer': 'Multiplayer switched',
  'two-factor.enable': 'Two-factor turned on',
  'two-factor.reset': 'Two-factor reset',
  'two-factor.recovery-code-used': 'Recovery code used',
};

/** The operator console's words (staff and admins only; players never see them). */
export const consoleCopy = {
  title: 'Console',
  eyebrow: 'Questfield operators',
  loadFailed: 'The console could not be opened.',
  retry: 'Try Again',
  signInHeading: 'Sign in to open the console',
  signInText:
    'The console is for Questfield staff. Sign in with your account; the console then asks for a code from your authenticator app.',
  signIn: 'Sign In',

  setupHeading: 'Set up two-factor sign-in',
  setupIntro:
    'Every sign-in to the console takes a second step: the 6-digit code an authenticator app on your phone shows (Google Authenticator, Microsoft Authenticator, 1Password and the like).',
  passwordLabel: 'Password',
  setupPasswordHint: 'Your account password, so nobody at an open screen can set this up.',
  setupShowKey: 'Continue',
  setupScan:
    'Scan this QR code with your authenticator app, or type the key into it by hand. It is shown only now.',
  qrLabel: 'QR code to scan with your authenticator app',
  keyLabel: 'Key',
  setupFailed: 'Two-factor sign-in could not be set up.',
  codeLabel: '6-digit code',
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
  navOverview: 'Overview',
  navAuditLog: 'Audit log',
  navPlayers: 'Players',

  playersHeading: 'Players',
  playersIntro: 'Find an account by the start of its email address or its username.',
  searchLabel: 'Email or username',
  searchSubmit: 'Search',
  playersCaption: (query: string) => `Accounts starting with “${query}”`,
  playersColumns: ['Username', 'Email', 'Credits', 'Role', 'Joined'] as const,
  playersLoading: 'Searching…',
  playersFailed: 'The search could not be run.',
  playersEmpty: (query: string) => `No account starts with “${query}”.`,

  auditHeading: 'Audit log',
  auditIntro:
    'Every change made by an operator, from the console or the command line, newest first. Rows are never edited or deleted.',
  actions: ACTIONS,
  allActions: 'All actions',
  actionFilter: 'Action',
  dayFilter: 'Day',
  filteredBy: (what: string, name: string) => `${what}: ${name}`,
  operatorWord: 'Operator',
  playerWord: 'Player',
  clearFilter: (what: string) => `Clear the ${what.toLowerCase()} filter`,
  auditColumns: ['When', 'Operator', 'Action', 'Player', 'Change', 'Reason'] as const,
  auditCaption: 'Operator actions, newest first',
  auditLoading: 'Loading the audit log…',
  auditFailed: 'The audit log could not be loaded.',
  auditEmpty: 'No operator action matches.',
  loadMore: 'Load more',
  loadMoreFailed: 'The next rows could not be loaded.',
  commandLine: 'command line',
  showOnly: (name: string) => `Show only ${name}`,
  exportCsv: 'Export CSV',
  exportFailed: 'The export could not be made.',
  exportTruncated: (max: number) =>
    `The export holds the newest ${max.toLocaleString('en-US')} rows: narrow it by day or action for the rest.`,
  exportFileName: (day: string) => `questfield-audit-log-${day}.csv`,

  homeHeading: 'Signed in to the console',
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
