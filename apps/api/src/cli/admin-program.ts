/**
 * `npm run admin -- <command>`: the operator's command line (commander). Arguments become one
 * contract `operatorCommand`, validated by the same schema the server's operator route uses,
 * then run where the database is (operator-runner.ts). Exit codes: 0 done, 1 refused or failed
 * (the reason on standard error), 2 bad arguments (with usage). Never a stack trace.
 */
import {
  MULTIPLAYER_STATES,
  OPERATOR_CODE_KINDS,
  OPERATOR_DEFAULTS,
  operatorCommand,
  ROLES,
  SLOT_CAPACITY,
  WEEKDAYS,
  type OperatorCommand,
  type OperatorResult,
} from '@questfield/contract';
import { Argument, Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { EnvError, formatEnvError, type Env } from '../config/env';
import { DataDirInUseError } from '../db/data-dir-lock';
import { isAppError } from '../lib/app-error';
import { formatResult } from './operator-output';
import { OperatorFailure } from './operator-runner';

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

const kindOption = (description: string) =>
  new Option('--kind <kind>', description).choices(OPERATOR_CODE_KINDS);

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

  const codes = program.command('codes').description('Redeemable codes: create, list, revoke.');
  codes
    .command('create')
    .description(
      'Create a batch of codes and print them as CSV (code,kind,credits,expires). The codes are ' +
        'stored hashed: this output is the only copy.',
    )
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
    .argument('<code>', 'the code as printed (case, spaces and dashes do not matter)')
    .action((code: string) => chosen({ command: 'codes revoke', code }));

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
  program
    .command('orders')
    .description('Orders: those waiting for an operator.')
    .command('flagged')
    .description(
      "Orders flagged by payment events, newest first, as CSV: chargebacks, partial refunds, events whose amount or payment was not the order's.",
    )
    .option('--limit <n>', 'at most this many', wholeNumber, OPERATOR_DEFAULTS.ordersListed)
    .action((options) => chosen({ command: 'orders flagged', ...options }));
  const slots = program
    .command('slots')
    .description('Game slots: see a day, set capacity, close, reopen.');
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
    .description('Change how many players a slot takes (never below the seats taken).')
    .requiredOption('--date <YYYY-MM-DD>', 'the day, on the venue calendar')
    .requiredOption('--time <HH:MM>', 'the start, on the venue clock (24-hour)')
    .requiredOption('--capacity <n>', 'seats', wholeNumber)
    .action((options) => chosen({ command: 'slots set-capacity', ...options }));
  slots
    .command('close')
    .description('Close a slot to new bookings and joins; seats already taken stay.')
    .requiredOption('--date <YYYY-MM-DD>', 'the day, on the venue calendar')
    .requiredOption('--time <HH:MM>', 'the start, on the venue clock (24-hour)')
    .action((options) => chosen({ command: 'slots close', ...options }));
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
    .description('Block a day: its slots close to bookings and joins; seats taken stay.')
    .requiredOption('--date <YYYY-MM-DD>', 'the day, on the venue calendar')
    .requiredOption('--reason <text>', 'why (kept in the audit log)')
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
    io.out(`${formatResult(await io.run(io.loadEnv(), command))}\n`);
    return EXIT.done;
  } catch (error) {
    const text = failureText(error);
    const cause = error instanceof Error ? error.message : String(error);
    io.err(text === null ? `The command failed unexpectedly: ${cause}\n` : `${text}\n`);
    return EXIT.failed;
  }
}
