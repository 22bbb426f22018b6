/**
 * The operator console's reads and actions (routes `console*` in API_ROUTES; two-factor sign-in
 * is in two-factor.ts). Staff read; admins also export.
 */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, ROLES } from './accounts';
import { userMessage } from './user-message';
import { AUDIT_ACTIONS, venueDay } from './operator';

/** The most rows an export carries: a busier log is exported a day or an action at a time. */
export const AUDIT_EXPORT_MAX = 10_000;
export const AUDIT_PAGE_SIZE = 50;

/** What narrows the audit log; each filter has an index. `day` is a venue day. */
export const auditLogFilter = z.strictObject({
  action: z.enum(AUDIT_ACTIONS).optional(),
  day: venueDay.optional(),
  operatorId: z.uuid().optional(),
  playerId: z.uuid().optional(),
});

export const auditLogRequest = auditLogFilter.extend({
  /** The `nextCursor` of the page before. */
  before: z.number().int().positive().optional(),
});

const auditEntry = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  actor: z.object({
    kind: z.enum(['operator', 'command_line']),
    /** The operator's account, or null for the command line. */
    id: z.string().nullable(),
    /** The operator's username then, or 'command line'. */
    label: z.string(),
    role: z.enum(ROLES).nullable(),
    ip: z.string(),
  }),
  action: z.enum(AUDIT_ACTIONS),
  /** The account acted on, by its name now (a deleted account's is `deleted-…`). */
  player: z.object({ id: z.string(), username: z.string() }).nullable(),
  subject: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditLogResponse = z.object({
  entries: z.array(auditEntry),
  nextCursor: z.number().int().nullable(),
});
export const auditLogExportResponse = z.object({
  entries: z.array(auditEntry),
  /** More rows matched than an export carries (AUDIT_EXPORT_MAX). */
  truncated: z.boolean(),
  /**
   * The same entries as a CSV file (RFC 4180, CRLF): times in ISO 8601 with the venue's offset,
   * the header naming the venue's zone ('at (America/New_York)').
   */
  csv: z.string(),
});

export type AuditLogFilter = z.infer<typeof auditLogFilter>;

export const PLAYER_SEARCH_PAGE = 20;

/** The start of an email address or a username, any case; `after` is the page before's cursor. */
export const playerSearchRequest = z.strictObject({
  query: z
    .string()
    .trim()
    .min(1, userMessage('Type the start of an email address or a username.'))
    .max(EMAIL_MAX_LENGTH),
  after: z.string().max(200).optional(),
});

const playerSummary = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  credits: z.number().int(),
  role: z.enum(ROLES),
  createdAt: z.iso.datetime(),
});
/** @internal Exported for tests. */
export type PlayerSummary = z.infer<typeof playerSummary>;

export const playerSearchResponse = z.object({
  players: z.array(playerSummary),
  nextCursor: z.string().nullable(),
});

/** One CSV document (RFC 4180): cells with a comma, quote or line break are quoted. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const line = (cells: readonly unknown[]) =>
    cells
      .map((cell) => {
        const text = cell === null || cell === undefined ? '' : String(cell);
        return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
      })
      .join(',');
  return [header, ...rows].map(line).join('\n');
}
