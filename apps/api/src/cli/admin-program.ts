/**
 * `npm run admin -- <command>`: the operator's command line (commander). Arguments become one
 * contract `operatorCommand`, validated by the same schema the server's operator route uses,
 * then run where the database is (operator-runner.ts). Exit codes: 0 done, 1 refused or failed
 * (the reason on standard error), 2 bad arguments (with usage). Never a stack trace.
 */
import {
  CODE_STATES,
  GAME_MESSAGE_LIMITS,
  MULTIPLAYER_STATES,
  OPERATOR_CODE_KINDS,
  OPERATOR_DEFAULTS,
  operatorCommand,
  parseUsdCents,
  ROLES,
  SLOT_CAPACITY,
  WEEKDAYS,
  type MoneyLimits,
  type OperatorCommand,
  type OperatorResult,
} from '@questfield/contract';
import { Argument, Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { EnvError, formatEnvError, type Env } from '../config/env';
import { DataDirInUseError } from '../db/data-dir-lock';
import { isAppError } from '../lib/app-error';
import { formatResult, nextPageHint } from './operator-output';
import { OperatorFailure } from './operator-runner';

/** @internal Exported for tests. */
export const EXIT = { done: 0, failed: 1, usage: 2 } as const;

export type AdminIo = {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Settings of the server whose database the command uses (read only when one runs). */
  loadEnv: () => Env;
  run: (env: Env, command: OperatorCommand) => Promise<OperatorResult>;
};

class UsageError extends Error {}

function wholeNumber(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new InvalidArgumentError('Give a whole number, e.g. 10.');
  return Number(value);
}

/** `settings money-limits`' options, each a field of the money limits (MONEY_LIMITS). */
const MONEY_OPTIONS = [
  {
    flag: 'staff-daily',
    unit: 'credits',
    field: 'staffDailyCredits',
    help: 'credits per staff member and venue day',
  },
  {
    flag: 'codes-per-batch',
    unit: 'n',
    field: 'codesPerBatch',
    help: 'codes in one batch made in the console',
  },
  {
    flag: 'code-credits-per-day',
    unit: 'credits',
    field: 'codeCreditsPerDay',
    help: "credits of the day's console batches",
  },
  {
    flag: 'admin-daily',
    unit: 'credits',
    field: 'adminDailyCredits',
    help: "credits an admin grants in a venue day before a second admin's approval is needed",
  },
  {
    flag: 'batch-approval',
    unit: 'credits',
    field: 'batchApprovalCredits',
    help: "credits a console batch holds before a second admin's approval is needed",
  },
] as const satisfies readonly {
  flag: string;
  unit: string;
  field: keyof MoneyLimits;
  help: string;
}[];

/** What commander names an option's value: '--staff-daily' → 'staffDaily'. */
const camelCase = (flag: string) =>
  flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

const kindOption = (description: string) =>
  new Option('--kind <kind>', description).choices(OPERATOR_CODE_KINDS);

const CANCEL_SEATS_HELP =
  'cancel the seats on its games not started, credits back, and end their waitlists; each player is mailed the reason';

/** The program; `chosen` receives the command the arguments name, still unvalidated. */
function buildProgram(io: AdminIo, chosen: (command: Record<string, unknown>) => void): Command {
  const program = new Command('admin')
    .description(
      'Questfield operator commands, on the database the server uses (DATABASE_URL, or the ' +
        'embedded database in DATA_DIR: through the running server when there is one).',
    )
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .showHelpAfterError('(add --help for usage)');
  // Subcommands made with .command() inherit the output and exit settings above.

  const codes = program
    .command('codes')
    .description('Redeemable codes: named batches made, listed and revoked; single codes revoked.');
  codes
    .command('create')
    .description(
      'Create a named batch of codes and print them as CSV (code,batch,kind,credits,expires). ' +
        'The codes are stored hashed: this output is the only copy.',
    )
    .requiredOption('--name <name>', 'what the batch is called, e.g. "Summer fair 2027" (unique)')
    .addOption(
      kindOption(
        'game-pass: one player redeems it once; promo: every player once',
      ).makeOptionMandatory(),
    )
    .requiredOption('--count <n>', 'how many codes', wholeNumber)
    .option(
      '--credits <n>',
      'credits each redemption adds',
      wholeNumber,
      OPERATOR_DEFAULTS.codeCredits,
    )
    .option('--expires <YYYY-MM-DD>', 'the last day the codes work, in venue time')
    .action((options) => chosen({ command: 'codes create', ...options }));
  codes
    .command('list')
    .description('List codes, newest first, as CSV (labels only: codes are never stored).')
    .addOption(kindOption('only this kind'))
    .option('--unredeemed', 'only codes nobody has redeemed', false)
    .option('--limit <n>', 'at most this many', wholeNumber, OPERATOR_DEFAULTS.codesListed)
    .action((options) => chosen({ command: 'codes list', ...options }));
  codes
    .command('revoke')
    .description('Revoke a code: it is no longer found or redeemed.')
    .argument('[code]', 'the code as printed (case, spaces and dashes do not matter)')
    .option('--id <id>', 'the code by its id instead, as `codes batch` prints it')
    .action((code: string | undefined, options: { id?: string }) =>
      chosen({ command: 'codes revoke', code, id: options.id }),
    );
  codes
    .command('batches')
    .description(
      'List the code batches, newest first, as CSV, with their codes counted by state ' +
        '(unredeemed, redeemed, expired, revoked).',
    )
    .option('--after <cursor>', 'the next page: the cursor the page before named')
    .option('--limit <n>', 'at most this many', wholeNumber, OPERATOR_DEFAULTS.codesListed)
    .action((options) => chosen({ command: 'codes batches', ...options }));
  codes
    .command('batch')
    .description(
      "List a batch's codes as CSV by label (the codes themselves are not stored), with who " +
        'redeemed each and when.',
    )
    .argument('<batch>', "the batch's id or name")
    .addOption(new Option('--state <state>', 'only codes in this state').choices(CODE_STATES))
    .option('--after <id>', 'the next page: the code id the page before named')
    .option('--limit <n>', 'at most this many', wholeNumber, OPERATOR_DEFAULTS.codesListed)
    .action((batch: string, options) => chosen({ command: 'codes batch', batch, ...options }));
  codes
    .command('revoke-batch')
    .description(
      'Revoke a batch: its codes that can still be redeemed stop working; codes already ' +
        'redeemed keep what they gave.',
    )
    .argument('<batch>', "the batch's id or name")
    .action((batch: string) => chosen({ command: 'codes revoke-batch', batch }));

  const users = program
    .command('users')
    .description('Players: grant credits, show a record, set a role, delete an account.');
  users
    .command('grant-credits')
    .description('Add credits to a player (a ledger posting of reason admin).')
    .requiredOption('--email <email>', "the player's email address")
    .requiredOption('--credits <n>', 'credits to add', wholeNumber)
    .requiredOption('--reason <text>', 'why, kept with the posting for operators')
    .action((options) => chosen({ command: 'users grant-credits', ...options }));
  users
    .command('show')
    .description("Show a player's balance, latest postings and bookings.")
    .requiredOption('--email <email>', "the player's email address")
    .action((options) => chosen({ command: 'users show', ...options }));
  users
    .command('set-role')
    .description(
      'Make an account staff or admin, or a player again; a change signs it out everywhere.',
    )
    .requiredOption('--email <email>', "the account's email address")
    .addOption(new Option('--role <role>', 'the role to give').choices(ROLES).makeOptionMandatory())
    .action((options) => chosen({ command: 'users set-role', ...options }));
  users
    .command('reset-two-factor')
    .description(
      "Remove an operator's two-factor set-up (a lost phone) and sign them out everywhere; " +
        'the console asks them to set it up again at their next sign-in.',
    )
    .requiredOption('--email <email>', "the operator's email address")
    .action((options) => chosen({ command: 'users reset-two-factor', ...options }));
  users
    .command('delete')
    .description(
      "Delete a player's account as Account Settings does: sessions, seats on games not started, " +
        'results and personal details go, the balance is forfeited; orders and the ledger stay.',
    )
    .requiredOption('--email <email>', "the player's email address")
    .action((options) => chosen({ command: 'users delete', ...options }));
  const seats = program
    .command('seats')
    .description("A player's seats: give one back with its credits, or book one for them.");
  seats
    .command('cancel')
    .description(
      "Give back a player's seat on a game that has not started (no cut-off for operators): " +
        'the credits its booking took are returned and the player is mailed.',
    )
    .requiredOption('--email <email>', "the player's email address")
    .requiredOption('--date <YYYY-MM-DD>', 'the day, on the venue calendar')
    .requiredOption('--time <HH:MM>', "the game's start, on the venue clock (24-hour)")
    .action((options) => chosen({ command: 'seats cancel', ...options }));
  seats
    .command('book')
    .description(
      'Book a seat for a player on a game that has not started, paid from their balance ' +
        '(2 credits) as their own booking is.',
    )
    .requiredOption('--email <email>', "the player's email address")
    .requiredOption('--date <YYYY-MM-DD>', 'the day, on the venue calendar')
    .requiredOption('--time <HH:MM>', "the game's start, on the venue clock (24-hour)")
    .action((options) => chosen({ command: 'seats book', ...options }));
  const orders = program
    .command('orders')
    .description('Orders: those waiting for an operator; full refunds.');
  orders
    .command('flagged')
    .description(
      "Orders flagged by payment events, newest first, as CSV: chargebacks, partial refunds, refunds turned down, events whose amount or payment was not the order's.",
    )
    .option('--limit <n>', 'at most this many', wholeNumber, OPERATOR_DEFAULTS.ordersListed)
    .action((options) => chosen({ command: 'orders flagged', ...options }));
  orders
    .command('refund')
    .description(
      'Refund a paid order in full: the card gets the money back, its Game Passes stop working ' +
        'and the credits it gave are taken back; the buyer is mailed what went back and why ' +
        'once the money is back. Refused when some were spent, unless --leave-shortfall. Run ' +
        'it again (without --amount) to retry a refund the processor turned down, in full or ' +
        'of part, before anything more is refunded. With --amount, only that much ' +
        '(several times, up to what was paid) takes back its share of the credits, rounded ' +
        'down; with --as-credits the buyer gets those credits instead of the money (ADR 0056).',
    )
    .requiredOption('--order <number>', 'the order number, e.g. QF-7K3M9X2P4D')
    .requiredOption('--reason <text>', 'why, mailed to the buyer and kept in the audit log')
    .option('--leave-shortfall', 'refund anyway, leaving spent balances at zero', false)
    .option('--amount <dollars>', 'refund only this much, e.g. 12.50 (default: all that is left)')
    .option('--as-credits', 'give the buyer credits instead of money back to the card', false)
    .action(
      (options: {
        order: string;
        reason: string;
        leaveShortfall: boolean;
        amount?: string;
        asCredits: boolean;
      }) =>
        chosen({
          command: 'orders refund',
          orderNumber: options.order,
          reason: options.reason,
          leaveShortfall: options.leaveShortfall,
          ...(options.amount === undefined
            ? {}
            : { amountCents: parseUsdCents(options.amount) ?? Number.NaN }),
          ...(options.asCredits ? { asCredits: true } : {}),
        }),
    );
  const slots = program
    .command('slots')
    .description("Game slots: see a day, set capacity, close, reopen, message a game's players.");
  slots
    .command('show')
    .description(
      "Print a venue day's slots as CSV (time,starts_at,booked,capacity,open,access_code); " +
        'players join a game with its access code on /game.',
    )
    .requiredOption('--date <YYYY-MM-DD>', 'the day, on the venue calendar')
    .action((options) => chosen({ command: 'slots show', ...options }));
  slots
    .command('set-capacity')
    .description(
      'Change how many players a slot takes (never below the seats taken, unless --cancel-seats).',
    )
    .requiredOption('--date <YYYY-MM-DD>', 'the day, on the venue calendar')
    .requiredOption('--time <HH:MM>', 'the start, on the venue clock (24-hour)')
    .requiredOption('--capacity <n>', 'seats', wholeNumber)
    .option('--reason <text>', 'why (kept in the audit log; required with --cancel-seats)')
    .option(
      '--cancel-seats',
      'below the seats taken, cancel the latest booked seats over it, credits back; each player is mailed the reason',
    )
    .action((options) => chosen({ command: 'slots set-capacity', ...options }));
  slots
    .command('close')
    .description(
      'Close a slot to new bookings and joins; seats already taken stay, unless --cancel-seats.',
    )
    .requiredOption('--date <YYYY-MM-DD>', 'the day, on the venue calendar')
    .requiredOption('--time <HH:MM>', 'the start, on the venue clock (24-hour)')
    .option('--reason <text>', 'why (kept in the audit log; required with --cancel-seats)')
    .option('--cancel-seats', CANCEL_SEATS_HELP)
    .action((options) => chosen({ command: 'slots close', ...options }));
  slots
    .command('message')
    .description(
      "Mail a message to a game's players: everyone booked on it (and with --waiting, everyone " +
        "in its waitlist line), one mail each from the venue's staff. At most " +
        `${GAME_MESSAGE_LIMITS.perGame} messages per game an hour, ${GAME_MESSAGE_LIMITS.perOperator} a day from the command line.`,
    )
    .requiredOption('--date <YYYY-MM-DD>', 'the day, on the venue calendar')
    .requiredOption('--time <HH:MM>', "the game's start, on the venue clock (24-hour)")
    .requiredOption(
      '--subject <text>',
      `the subject line (${GAME_MESSAGE_LIMITS.subjectMax} characters at most)`,
    )
    .requiredOption(
      '--body <text>',
      `the message, plain text (${GAME_MESSAGE_LIMITS.bodyMax} characters at most)`,
    )
    .option('--waiting', 'also mail the players waiting for a seat', false)
    .option('--dry-run', 'print the mail and whom it would reach; send nothing', false)
    .option('--request-id <id>', 'run again with the same id: nothing is sent twice')
    .action((options) => chosen({ command: 'slots message', ...options }))
    .addHelpText('after', '\nLine breaks in --body are kept: write them as real line breaks.');
  slots
    .command('reopen')
    .description('Open a closed slot to bookings and joins again.')
    .requiredOption('--date <YYYY-MM-DD>', 'the day, on the venue calendar')
    .requiredOption('--time <HH:MM>', 'the start, on the venue clock (24-hour)')
    .action((options) => chosen({ command: 'slots reopen', ...options }));
  const schedule = program
    .command('schedule')
    .description("The venue's week: each weekday's games, or closed.");
  schedule
    .command('show')
    .description('Print the week and the blocked days ahead as CSV.')
    .action(() => chosen({ command: 'schedule show' }));
  schedule
    .command('set')
    .description(
      "Set a weekday's first and last game and their seats, or --closed; days already open for booking follow (seats players hold stay).",
    )
    .requiredOption('--weekday <day>', `one of ${WEEKDAYS.join(', ')}`)
    .option('--first <HH:MM>', "the first game's start, on the venue clock")
    .option('--last <HH:MM>', "the last game's start")
    .option('--capacity <n>', 'seats in each game', wholeNumber, SLOT_CAPACITY)
    .option('--closed', 'no games on that weekday')
    .action(
      (options: {
        weekday: string;
        first?: string;
        last?: string;
        capacity: number;
        closed?: boolean;
      }) =>
        chosen({
          command: 'schedule set',
          weekday: options.weekday,
          hours: options.closed
            ? null
            : { first: options.first ?? '', last: options.last ?? '', capacity: options.capacity },
        }),
    );
  const days = program.command('days').description('Whole days without games.');
  days
    .command('block')
    .description(
      'Block a day: its slots close to bookings and joins; seats taken stay, unless --cancel-seats.',
    )
    .requiredOption('--date <YYYY-MM-DD>', 'the day, on the venue calendar')
    .requiredOption('--reason <text>', 'why (kept in the audit log; mailed with --cancel-seats)')
    .option('--cancel-seats', CANCEL_SEATS_HELP)
    .action((options) => chosen({ command: 'days block', ...options }));
  days
    .command('unblock')
    .description('Open a blocked day again (all its slots reopen).')
    .requiredOption('--date <YYYY-MM-DD>', 'the day, on the venue calendar')
    .action((options) => chosen({ command: 'days unblock', ...options }));
  program
    .command('multiplayer')
    .description('Switch multiplayer on or off for every server (off: no bookings or joins).')
    .addArgument(new Argument('<state>', 'on, off, or status').choices(MULTIPLAYER_STATES))
    .action((state: string) => chosen({ command: 'multiplayer', state }));
  const settings = program
    .command('settings')
    .description(
      'Runtime settings: see them all, set the staff grant limit, the cancellation cut-off, ' +
        "the waitlist's hold and the venue's details.",
    );
  settings
    .command('show')
    .description(
      "Print the multiplayer switch, the staff grant limit, the cancellation cut-off, the waitlist hold, the venue's details, and the venue networks with their limit.",
    )
    .action(() => chosen({ command: 'settings show' }));
  settings
    .command('staff-credit-limit')
    .description(
      'Set the most credits staff may grant or deduct in one console action (admins: up to 100,000).',
    )
    .argument('<n>', 'credits', wholeNumber)
    .action((limit: number) => chosen({ command: 'settings staff-credit-limit', limit }));
  const money = settings
    .command('money-limits')
    .description(
      'Set what the console may move in a venue day (the command line is held to none): each ' +
        "staff member's credits granted and deducted in all, the codes of one batch, the " +
        "credits of the day's code batches in all, and where a second admin's approval starts. " +
        'Options not given stay as they are.',
    );
  for (const option of MONEY_OPTIONS) {
    money.option(`--${option.flag} <${option.unit}>`, option.help, wholeNumber);
  }
  money.action((options: Record<string, number | undefined>) => {
    const changed = MONEY_OPTIONS.flatMap(({ flag, field }) => {
      const value = options[camelCase(flag)];
      return value === undefined ? [] : [[field, value] as const];
    });
    return chosen({ command: 'settings money-limits', ...Object.fromEntries(changed) });
  });
  settings
    .command('cancel-cutoff')
    .description(
      'Set how many minutes before a game players may still cancel their seat (0: until the ' +
        'start; at most a week).',
    )
    .argument('<minutes>', 'minutes', wholeNumber)
    .action((minutes: number) => chosen({ command: 'settings cancel-cutoff', minutes }));
  settings
    .command('waitlist-hold')
    .description(
      'Set how many minutes a seat offered from a waitlist is held for its player (5 to 120).',
    )
    .argument('<minutes>', 'minutes', wholeNumber)
    .action((minutes: number) => chosen({ command: 'settings waitlist-hold', minutes }));
  settings
    .command('no-show-grace')
    .description(
      "Set how many minutes after a game's start a seat without a join is a no-show (0 to 30).",
    )
    .argument('<minutes>', 'minutes', wholeNumber)
    .action((minutes: number) => chosen({ command: 'settings no-show-grace', minutes }));
  settings
    .command('venue')
    .description(
      "Set the venue's own details, shown on every screen, mail and calendar file: its name, " +
        'street address, contact email and phone, and whether times show on the 12- or the ' +
        "24-hour clock (the time zone is VENUE_TIMEZONE's). Options not given stay as they are; " +
        "'' clears the address or the phone.",
    )
    .option('--name <name>', "the venue's name, e.g. Old Mill District")
    .option('--address <address>', 'the street address, on one line')
    .option('--email <email>', 'the contact email address')
    .option('--phone <phone>', 'the contact phone number')
    .addOption(new Option('--hours <cycle>', '12- or 24-hour clock').choices(['12', '24']))
    .action((options: Record<string, string | undefined>) => {
      const changed = {
        name: options.name,
        address: options.address,
        contactEmail: options.email,
        contactPhone: options.phone,
        hourCycle: options.hours,
      };
      const given = Object.entries(changed).filter(([, value]) => value !== undefined);
      return chosen({ command: 'settings venue', ...Object.fromEntries(given) });
    });
  const venues = program
    .command('venues')
    .description(
      "Venue networks: the venue's address ranges, where many players share one address; " +
        'their per-address limits on sign-ups and code entry are raised.',
    );
  venues
    .command('list')
    .description('Print the venue networks as CSV (range,name).')
    .action(() => chosen({ command: 'venues list' }));
  venues
    .command('add')
    .description(
      'Add a venue network: an IPv4 range of /16 or narrower, or IPv6 of /48 or narrower.',
    )
    .requiredOption('--name <name>', 'what it is, e.g. "Main hall Wi-Fi"')
    .requiredOption('--range <cidr>', 'the range from its first address, e.g. 203.0.113.0/24')
    .action((options) => chosen({ command: 'venues add', ...options }));
  venues
    .command('remove')
    .description('Take a venue network off the list: its addresses get the ordinary limits again.')
    .argument('<range>', 'the range as listed')
    .action((range: string) => chosen({ command: 'venues remove', range }));
  venues
    .command('limit')
    .description(
      'Set what each per-address limit is raised to in the venue networks: sign-ups per 10 minutes ' +
        'and per day, and code entries per minute.',
    )
    .argument('<n>', 'attempts per address and window', wholeNumber)
    .action((limit: number) => chosen({ command: 'venues limit', limit }));
  return program;
}

/** The validated command the arguments name; usage problems throw (commander's or ours). */
async function parseCommand(argv: readonly string[], io: AdminIo): Promise<OperatorCommand> {
  let raw: Record<string, unknown> | null = null;
  const program = buildProgram(io, (command) => (raw = command));
  await program.parseAsync(argv, { from: 'user' });
  if (raw === null) throw new UsageError('Name a command.');
  const parsed = operatorCommand.safeParse(raw);
  if (!parsed.success) {
    throw new UsageError(parsed.error.issues.map((issue) => issue.message).join('\n'));
  }
  return parsed.data;
}

/** Why the command failed, in the operator's words; null for a bug (reported as such). */
function failureText(error: unknown): string | null {
  if (isAppError(error) || error instanceof OperatorFailure) return error.message;
  if (error instanceof DataDirInUseError) return error.message;
  if (error instanceof EnvError) return formatEnvError(error);
  return null;
}

export async function runAdmin(argv: readonly string[], io: AdminIo): Promise<number> {
  let command: OperatorCommand;
  try {
    command = await parseCommand(argv, io);
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here with 0; everything else was a usage error, already shown.
      return error.exitCode === 0 ? EXIT.done : EXIT.usage;
    }
    if (!(error instanceof UsageError)) throw error;
    io.err(`error: ${error.message}\n(add --help for usage)\n`);
    return EXIT.usage;
  }
  try {
    const result = await io.run(io.loadEnv(), command);
    io.out(`${formatResult(result)}\n`);
    // Standard output stays the page's CSV; the way to the next page goes beside it.
    const more = nextPageHint(result);
    if (more !== null) io.err(`${more}\n`);
    return EXIT.done;
  } catch (error) {
    const text = failureText(error);
    const cause = error instanceof Error ? error.message : String(error);
    io.err(text === null ? `The command failed unexpectedly: ${cause}\n` : `${text}\n`);
    return EXIT.failed;
  }
}
