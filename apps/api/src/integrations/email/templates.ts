/**
 * Transactional mails: a branded HTML part and a plain-text part each. Everything that comes
 * from a user (names, addresses) or an admin (the venue's details) is escaped before it enters
 * the HTML. A mail is rendered when it is sent (ADR 0044) with the venue's details as they are
 * then (ADR 0057): its name and address say where to come, its contact email whom to write, and
 * every time is on the venue's clock with its zone named (the contract's clock.ts), in the
 * venue's hour cycle, with the player's own beside it where the seat (or the place in line) kept
 * the zone the browser named; a subject line says the venue's alone.
 */
import {
  BRAND_NAME,
  CALENDAR_ALARM_MINUTES,
  clockText,
  creditsText,
  GAME_COST_CREDITS,
  RECOVERY_CODE_TTL_MS,
  venuePlace,
  type VenueDetails,
} from '@questfield/contract';
import { escapeHtml } from './escape-html';

type EmailTemplateName =
  | 'recovery_code'
  | 'password_changed'
  | 'order_confirmation'
  | 'order_refunded'
  | 'partnership_confirmation'
  | 'partnership_notification'
  | 'account_deleted'
  | 'seat_cancelled'
  | 'game_closed'
  | 'game_message'
  | 'seat_booked'
  | 'seat_reminder'
  | 'waitlist_offer';

/** A file sent with a mail; text only (a calendar file). */
type MailAttachment = { filename: string; contentType: string; content: string };

export type RenderedEmail = {
  template: EmailTemplateName;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Headers beyond From/To/Subject, e.g. List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
};

function layout(title: string, bodyHtml: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;background:#0b0b0f;font-family:Arial,Helvetica,sans-serif;color:#f4f4f5">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">',
    '<table role="presentation" width="100%" style="max-width:520px;background:#16161d;border-radius:12px">',
    `<tr><td style="padding:24px 32px;font-size:22px;font-weight:bold;letter-spacing:2px">${escapeHtml(BRAND_NAME.toUpperCase())}</td></tr>`,
    `<tr><td style="padding:0 32px 32px;font-size:16px;line-height:1.5">${bodyHtml}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('');
}

const CODE_MINUTES = Math.round(RECOVERY_CODE_TTL_MS / 60_000);

/** An instant as a draft keeps it: ISO 8601 (UTC). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T/;

/**
 * A time a draft holds, as the mail says it: on the venue's clock with its zone ('Monday, June
 * 1, 2026, 6:30 PM EDT'), the player's beside it where `viewerZone` reads otherwise. A draft
 * queued before the venue clock holds the time in words: said as it was written.
 */
function mailTime(
  value: string,
  venue: VenueDetails,
  date: 'none' | 'short' | 'long',
  viewerZone?: string | null,
): string {
  return ISO_INSTANT.test(value)
    ? clockText(value, venue, viewerZone ?? undefined, { date })
    : value;
}

/** @internal Exported for tests. */
export function recoveryCodeEmail(input: { username: string; code: string }): RenderedEmail {
  const subject = `Your ${BRAND_NAME} recovery code`;
  const text = [
    `Hi ${input.username},`,
    '',
    `Your ${BRAND_NAME} recovery code is: ${input.code}`,
    '',
    `It expires in ${CODE_MINUTES} minutes. If you did not ask to reset your password, you can ignore this email.`,
  ].join('\n');
  const html = layout(
    subject,
    [
      `<p>Hi ${escapeHtml(input.username)},</p>`,
      `<p>Your ${escapeHtml(BRAND_NAME)} recovery code is:</p>`,
      `<p style="font-size:32px;font-weight:bold;letter-spacing:8px">${escapeHtml(input.code)}</p>`,
      `<p>It expires in ${CODE_MINUTES} minutes. If you did not ask to reset your password, you can ignore this email.</p>`,
    ].join(''),
  );
  return { template: 'recovery_code', subject, text, html };
}

/** @internal Exported for tests. */
export function passwordChangedEmail(input: { username: string }): RenderedEmail {
  const subject = `Your ${BRAND_NAME} password was changed`;
  const text = [
    `Hi ${input.username},`,
    '',
    `The password of your ${BRAND_NAME} account was just changed, and every device was signed out.`,
    '',
    'If this was not you, reset your password now with "Forgot password" on the sign-in screen.',
  ].join('\n');
  const html = layout(
    subject,
    [
      `<p>Hi ${escapeHtml(input.username)},</p>`,
      `<p>The password of your ${escapeHtml(BRAND_NAME)} account was just changed, and every device was signed out.</p>`,
      '<p>If this was not you, reset your password now with &quot;Forgot password&quot; on the sign-in screen.</p>',
    ].join(''),
  );
  return { template: 'password_changed', subject, text, html };
}

/** To the address of an account just deleted: what went, what stays, and whom to ask. */
function accountDeletedEmail(input: { username: string }, venue: VenueDetails): RenderedEmail {
  const subject = `Your ${BRAND_NAME} account has been deleted`;
  const paragraphs = [
    `Your ${BRAND_NAME} account has been deleted, as you asked. Your email address, username, name, sign-in sessions, bookings of future sessions and game results are gone, and the credits left on the account were forfeited.`,
    'We keep your purchase records, without your name or email address, for as long as tax and accounting laws require.',
    `If you did not delete your account, contact us at ${venue.contactEmail}.`,
  ];
  const text = [`Hi ${input.username},`, ...paragraphs].join('\n\n');
  const html = layout(
    subject,
    [`Hi ${input.username},`, ...paragraphs].map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
  );
  return { template: 'account_deleted', subject, text, html };
}

type OrderConfirmation = {
  username: string;
  orderNumber: string;
  /** '$400.00' */
  amount: string;
  lines: { label: string; includes: string[] }[];
  credits: number;
  gamePasses: string[];
};

/** The receipt of a paid order, with its Game Pass codes (redeemable at /experience-card). */
function orderConfirmationEmail(input: OrderConfirmation): RenderedEmail {
  const subject = `Your ${BRAND_NAME} order ${input.orderNumber}`;
  const items = input.lines.map((line) =>
    [line.label, ...line.includes].join(line.includes.length > 0 ? ', with ' : ''),
  );
  const creditsLine =
    input.credits > 0 ? [`${input.credits} credits have been added to your account.`] : [];
  const passes =
    input.gamePasses.length === 0
      ? []
      : [
          '',
          'Your Game Pass codes (each redeems once for 16 credits at /experience-card):',
          ...input.gamePasses,
        ];
  const text = [
    `Hi ${input.username},`,
    '',
    `Thank you for your order ${input.orderNumber}.`,
    '',
    ...items.map((item) => `- ${item}`),
    `Total paid: ${input.amount}`,
    ...creditsLine,
    ...passes,
  ].join('\n');
  const html = layout(
    subject,
    [
      `<p>Hi ${escapeHtml(input.username)},</p>`,
      `<p>Thank you for your order <strong>${escapeHtml(input.orderNumber)}</strong>.</p>`,
      `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
      `<p>Total paid: <strong>${escapeHtml(input.amount)}</strong></p>`,
      ...creditsLine.map((line) => `<p>${escapeHtml(line)}</p>`),
      ...(input.gamePasses.length === 0
        ? []
        : [
            '<p>Your Game Pass codes (each redeems once for 16 credits at /experience-card):</p>',
            `<ul style="font-family:monospace;font-size:18px">${input.gamePasses.map((code) => `<li>${escapeHtml(code)}</li>`).join('')}</ul>`,
          ]),
    ].join(''),
  );
  return { template: 'order_confirmation', subject, text, html };
}

type OrderRefund = {
  username: string;
  orderNumber: string;
  /** '$17.99', back on the card (or, as credits, what they are instead of). */
  amount: string;
  /** The refund was of the whole order; else of `amount`, part of it (ADR 0056). */
  whole: boolean;
  /** The money came back as credits, not to the card (ADR 0056): this many were added. */
  asCredits: boolean;
  creditsAdded: number;
  /** Credits taken back from the player, and those already spent on games played. */
  creditsTakenBack: number;
  creditsSpent: number;
  /** The order's Game Passes, which stopped working. */
  passesRevoked: number;
  /** Why, in the admin's words. */
  reason: string;
};

/** What the refund took back: the credits (and those already spent), the Game Passes. */
function takenBackLines(input: OrderRefund): string[] {
  const { creditsTakenBack: taken, creditsSpent: spent, passesRevoked: passes } = input;
  const atZero = 'had already been spent, so your balance was left at zero.';
  const credits =
    spent === 0
      ? input.whole
        ? `We took back the ${creditsText(taken)} the order added to your account.`
        : `We took back ${creditsText(taken)} of the credits the order added to your account.`
      : taken === 0
        ? `The ${creditsText(spent)} the order added to your account ${atZero}`
        : `We took back ${creditsText(taken)} the order added to your account; the other ${creditsText(spent)} ${atZero}`;
  const revoked =
    passes === 1
      ? "The order's Game Pass was revoked and no longer works."
      : `The order's ${passes} Game Passes were revoked and no longer work.`;
  return [...(taken + spent > 0 ? [credits] : []), ...(passes > 0 ? [revoked] : [])];
}

/** An admin's full refund of an order (ADR 0027): the money back, what it took back, and why. */
function orderRefundedEmail(input: OrderRefund, venue: VenueDetails): RenderedEmail {
  const subject = `Your ${BRAND_NAME} order ${input.orderNumber} was refunded`;
  const lines = [
    input.asCredits
      ? `We refunded ${input.amount} of your order ${input.orderNumber} as credits instead of to your card: we added ${creditsText(input.creditsAdded)} to your account.`
      : input.whole
        ? `We refunded your order ${input.orderNumber}: ${input.amount} went back to the card you paid with. Your bank may take a few days to show it.`
        : `We refunded ${input.amount} of your order ${input.orderNumber} to the card you paid with. Your bank may take a few days to show it.`,
    ...takenBackLines(input),
    `The reason our staff gave: ${input.reason}`,
    `If you have a question about this refund, write to us at ${venue.contactEmail}.`,
  ];
  const text = [`Hi ${input.username},`, '', ...lines].join('\n');
  const html = layout(
    subject,
    [`Hi ${input.username},`, ...lines].map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
  );
  return { template: 'order_refunded', subject, text, html };
}

type SeatCancellation = {
  username: string;
  /** The game's start, ISO 8601 (in words in a draft queued before ADR 0057). */
  startsAt: string;
  /** Credits given back, and the balance after. */
  refunded: number;
  balance: number;
  /** Staff cancelled it (the player did not). */
  byStaff: boolean;
  /**
   * The player's time zone as the browser named it with the seat (or the place in line), its
   * clock shown beside the venue's; absent or null: the venue's alone (ADR 0057).
   */
  timeZone?: string | null;
};

/** A seat given back before its game (ADR 0029): which game, and the credits returned. */
function seatCancelledEmail(input: SeatCancellation, venue: VenueDetails): RenderedEmail {
  const subject = `Your ${BRAND_NAME} seat was cancelled`;
  const who = input.byStaff ? 'Our staff cancelled your seat' : 'You cancelled your seat';
  const lines = [
    `${who} on the session of ${mailTime(input.startsAt, venue, 'long', input.timeZone)} at ${venue.name}.`,
    input.refunded > 0
      ? `${input.refunded} credits were returned to your account: your balance is ${input.balance} credits.`
      : `Your balance is ${input.balance} credits.`,
    'You can book another session at any time.',
  ];
  const text = [`Hi ${input.username},`, '', ...lines].join('\n');
  const html = layout(
    subject,
    [`Hi ${input.username},`, ...lines].map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
  );
  return { template: 'seat_cancelled', subject, text, html };
}

type GameClosed = {
  username: string;
  /** The game's start, ISO 8601 (in words in a draft queued before ADR 0057). */
  startsAt: string;
  /** The operator's reason, as they gave it. */
  reason: string;
  /** The player's seat, cancelled with its credits back; null for a place in its line. */
  seat: { refunded: number; balance: number } | null;
  /** The game goes on with fewer seats (a capacity cut), the player's among the latest booked. */
  fewerSeats?: boolean;
  /**
   * The player's time zone as the browser named it with the seat (or the place in line), its
   * clock shown beside the venue's; absent or null: the venue's alone (ADR 0057).
   */
  timeZone?: string | null;
};

/**
 * A game an operator closed with its seats cancelled (a blocked day, a closed slot): which game,
 * why, and the credits back, or the end of the player's place in its line.
 */
function gameClosedEmail(input: GameClosed, venue: VenueDetails): RenderedEmail {
  const subject = `Your ${BRAND_NAME} game on ${mailTime(input.startsAt, venue, 'short')} was cancelled`;
  const game = `the session of ${mailTime(input.startsAt, venue, 'long', input.timeZone)} at ${venue.name}`;
  const what =
    input.seat === null
      ? [`We closed ${game}, so your place on its waitlist has ended.`]
      : [
          input.fewerSeats === true
            ? `We cut the number of seats of ${game}, and yours was among the last booked, so it was cancelled.`
            : `We closed ${game}, so your seat on it was cancelled.`,
          `${input.seat.refunded} credits were returned to your account: your balance is ${input.seat.balance} credits.`,
        ];
  const lines = [
    ...what,
    `The reason our staff gave: ${input.reason}`,
    'You can book another session at any time.',
  ];
  const text = [`Hi ${input.username},`, '', ...lines].join('\n');
  const html = layout(
    subject,
    [`Hi ${input.username},`, ...lines].map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
  );
  return { template: 'game_closed', subject, text, html };
}

type GameMessage = {
  /** The game's start, ISO 8601. */
  startsAt: string;
  /** The operator's subject line and plain-text message, as they wrote them. */
  subject: string;
  body: string;
  /** The player's own zone, kept with their seat or place (ADR 0057); none in older drafts. */
  timeZone?: string | null;
};

/**
 * A message from the venue's staff to a game's players (ADR 0058): the operator's subject under
 * the brand and the venue, the game named by its time, the message escaped in HTML with its
 * line breaks kept, and whom to write to about it.
 */
function gameMessageEmail(input: GameMessage, venue: VenueDetails): RenderedEmail {
  const oneLine = input.subject.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ');
  const subject = `${BRAND_NAME} ${venue.name}: ${oneLine}`;
  const about = `A message from our staff about your session of ${mailTime(input.startsAt, venue, 'long', input.timeZone)} at ${venue.name}:`;
  const phone = venue.contactPhone === '' ? '' : ` or call ${venue.contactPhone}`;
  const from = `This message was written by the staff of ${BRAND_NAME} at ${venue.name}. To reply or ask about it, write to ${venue.contactEmail}${phone}.`;
  const text = ['Hello,', '', about, '', input.body, '', '--', from].join('\n');
  const message = escapeHtml(input.body).replace(/\n/g, '<br>');
  const html = layout(
    subject,
    [
      '<p>Hello,</p>',
      `<p>${escapeHtml(about)}</p>`,
      `<p style="padding:12px 16px;border-left:3px solid #f7b538;background:#1f1f29">${message}</p>`,
      `<p style="font-size:13px;color:#a1a1aa">${escapeHtml(from)}</p>`,
    ].join(''),
  );
  return { template: 'game_message', subject, text, html };
}

export type SeatBooking = {
  username: string;
  /** Joined a live game by its access code (else booked ahead). */
  joined: boolean;
  /** The game's start, ISO 8601. */
  startsAt: string;
  /** The player's time zone as the browser named it and this server knows it. */
  timeZone: string | null;
  /** Friends join the game with it on the Game page (`gameUrl`). */
  accessCode: string;
  gameUrl: string;
  /** My Sessions. */
  sessionsUrl: string;
  /** The seat's calendar file. */
  calendar: MailAttachment;
  /** A party's leader: the invite link of each guest seat booked with this one (ADR 0065). */
  inviteLinks: string[];
  /** A party's guest: the leader whose party the seat is in. */
  guestOf: string | null;
};

const link = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;

/**
 * A seat just booked or joined (ADR 0032): where and when, on the venue's clock and the
 * player's, the access code friends join with, the way to My Sessions, and the game as a
 * calendar file.
 */
export function seatBookedEmail(input: SeatBooking, venue: VenueDetails): RenderedEmail {
  const subject = `Your ${BRAND_NAME} game at ${venue.name}: ${mailTime(input.startsAt, venue, 'short')}`;
  const done = input.joined ? 'You joined the game' : 'Your seat is booked';
  const when = `${done} on ${mailTime(input.startsAt, venue, 'long', input.timeZone)}.`;
  const where = `Where: ${venuePlace(venue)}.`;
  const calendar = `The attached calendar file adds the game to your calendar, with a reminder ${CALENDAR_ALARM_MINUTES} minutes before it starts.`;
  const { inviteLinks, guestOf } = input;
  const invites =
    inviteLinks.length === 0
      ? null
      : `Your party's ${inviteLinks.length === 1 ? 'guest seat' : `${inviteLinks.length} guest seats`}: send each friend one link. A link seats one person, free to them, until the game ends; a seat nobody claims stays yours.`;
  const guest =
    guestOf === null ? null : `You are playing in ${guestOf}'s party: your seat is free.`;
  const text = [
    `Hi ${input.username},`,
    '',
    when,
    where,
    ...(guest === null ? [] : ['', guest]),
    ...(invites === null ? [] : ['', invites, ...inviteLinks]),
    '',
    `Friends join this game with the access code ${input.accessCode} on the Game page: ${input.gameUrl}`,
    '',
    `Your sessions: ${input.sessionsUrl}`,
    '',
    calendar,
  ].join('\n');
  const html = layout(
    subject,
    [
      `<p>Hi ${escapeHtml(input.username)},</p>`,
      `<p>${escapeHtml(when)}</p>`,
      `<p>${escapeHtml(where)}</p>`,
      ...(guest === null ? [] : [`<p>${escapeHtml(guest)}</p>`]),
      ...(invites === null
        ? []
        : [
            `<p>${escapeHtml(invites)}</p>`,
            `<ul>${inviteLinks.map((url) => `<li>${link(url)}</li>`).join('')}</ul>`,
          ]),
      '<p>Friends join this game with the access code</p>',
      `<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${escapeHtml(input.accessCode)}</p>`,
      `<p>on the Game page: ${link(input.gameUrl)}</p>`,
      `<p>Your sessions: ${link(input.sessionsUrl)}</p>`,
      `<p>${escapeHtml(calendar)}</p>`,
    ].join(''),
  );
  return { template: 'seat_booked', subject, text, html, attachments: [input.calendar] };
}

type PartnershipDetails = {
  name: string;
  email: string;
  phone: string;
  companyName: string;
  companyDescription: string;
};

/** The application as a list: each typed value escaped, line breaks of the description kept. */
function applicationHtml(input: PartnershipDetails): string {
  const rows: [string, string][] = [
    ['Name', input.name],
    ['Email', input.email],
    ['Phone', input.phone],
    ['Company name', input.companyName],
  ];
  return [
    '<ul>',
    ...rows.map(([label, value]) => `<li>${label}: ${escapeHtml(value)}</li>`),
    '</ul>',
    '<p>Company description:</p>',
    `<p style="white-space:pre-line">${escapeHtml(input.companyDescription)}</p>`,
  ].join('');
}

function applicationText(input: PartnershipDetails): string[] {
  return [
    `Name: ${input.name}`,
    `Email: ${input.email}`,
    `Phone: ${input.phone}`,
    `Company name: ${input.companyName}`,
    'Company description:',
    input.companyDescription,
  ];
}

/**
 * To the address the applicant typed: that we received an application and will answer. None of
 * the typed text comes back, not even the name, so the form cannot be used to send someone else
 * words of the sender's choosing under our name.
 */
function partnershipConfirmationEmail(): RenderedEmail {
  const subject = `We received your ${BRAND_NAME} partnership application`;
  const lines = [
    `Thank you for applying to partner with ${BRAND_NAME}. We will read your application and get back to you soon.`,
    `If you did not apply, you can ignore this email: nothing else will be sent to you.`,
  ];
  const text = ['Hello,', '', ...lines].join('\n');
  const html = layout(
    subject,
    ['<p>Hello,</p>', ...lines.map((line) => `<p>${escapeHtml(line)}</p>`)].join(''),
  );
  return { template: 'partnership_confirmation', subject, text, html };
}

/** To the company contact (config), never to an address the applicant chose. */
function partnershipNotificationEmail(input: PartnershipDetails): RenderedEmail {
  const company = input.companyName.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ');
  const subject = `New partnership application: ${company}`;
  const text = ['A new partnership application has arrived.', '', ...applicationText(input)].join(
    '\n',
  );
  const html = layout(
    subject,
    ['<p>A new partnership application has arrived.</p>', applicationHtml(input)].join(''),
  );
  return { template: 'partnership_notification', subject, text, html };
}

type WaitlistOffer = {
  username: string;
  /** The game's start, ISO 8601 (in words in a draft queued before ADR 0057). */
  startsAt: string;
  /** How long the seat is held, and until when (ISO 8601; in words before ADR 0057). */
  holdMinutes: number;
  heldUntil: string;
  /** Where the player accepts or declines it: the app, signed in. */
  link: string;
  /**
   * The player's time zone as the browser named it with the seat (or the place in line), its
   * clock shown beside the venue's; absent or null: the venue's alone (ADR 0057).
   */
  timeZone?: string | null;
  /** The seats held: a party's, or 1 (absent in a draft queued before ADR 0066). */
  seats?: number;
};

/**
 * Seats offered from the waitlist (ADR 0034; a party's together, ADR 0066): which game, how
 * long they are held, where to take them.
 */
function waitlistOfferEmail(input: WaitlistOffer, venue: VenueDetails): RenderedEmail {
  const seats = input.seats ?? 1;
  const cost = seats * GAME_COST_CREDITS;
  const subject =
    seats > 1
      ? `${seats} seats are free for your party: ${BRAND_NAME} waitlist`
      : `A seat is free for you: ${BRAND_NAME} waitlist`;
  const when = `the session of ${mailTime(input.startsAt, venue, 'long', input.timeZone)} at ${venuePlace(venue)}`;
  const until = mailTime(input.heldUntil, venue, 'none', input.timeZone);
  const lines =
    seats > 1
      ? [
          `${seats} seats together have freed up on ${when}, and they are your party's if you want them.`,
          `We hold them for you for ${input.holdMinutes} minutes, until ${until}. After that they go to the next in line.`,
          `Sign in to accept them (${cost} credits, with an invite link for each guest) or decline them: ${input.link}`,
        ]
      : [
          `A seat has freed up on ${when}, and it is yours if you want it.`,
          `We hold it for you for ${input.holdMinutes} minutes, until ${until}. After that it goes to the next player in line.`,
          `Sign in to accept it (${cost} credits) or decline it: ${input.link}`,
        ];
  const text = [`Hi ${input.username},`, '', ...lines].join('\n');
  const html = layout(
    subject,
    [`Hi ${input.username},`, ...lines.slice(0, 2)]
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .concat(
        seats > 1
          ? `<p><a href="${escapeHtml(input.link)}" style="color:#f7b538">Accept or decline the seats</a> (${cost} credits to book them).</p>`
          : `<p><a href="${escapeHtml(input.link)}" style="color:#f7b538">Accept or decline the seat</a> (${cost} credits to book it).</p>`,
      )
      .join(''),
  );
  return { template: 'waitlist_offer', subject, text, html };
}

type SeatReminder = {
  username: string;
  /** 'day': the mail 24 hours before the game; 'hour': the one 1 hour before (ADR 0033). */
  kind: 'day' | 'hour';
  /** The game's start, ISO 8601 (in words in a draft queued before ADR 0057). */
  startsAt: string;
  /** Friends join the game with it. */
  accessCode: string;
  /** My Sessions. */
  sessionsUrl: string;
  /** The page whose button turns reminders off (opening a link changes nothing). */
  unsubscribeUrl: string;
  /** What mail providers post to unsubscribe in one click (RFC 8058): List-Unsubscribe. */
  oneClickUrl: string;
  /**
   * The player's time zone as the browser named it with the seat (or the place in line), its
   * clock shown beside the venue's; absent or null: the venue's alone (ADR 0057).
   */
  timeZone?: string | null;
};

/**
 * A game coming up (ADR 0033): when and where, the access code, the way to My Sessions, and
 * how to stop these mails, with the List-Unsubscribe headers of a one-click unsubscribe.
 */
function seatReminderEmail(input: SeatReminder, venue: VenueDetails): RenderedEmail {
  const short = mailTime(input.startsAt, venue, 'short');
  const long = mailTime(input.startsAt, venue, 'long', input.timeZone);
  const subject =
    input.kind === 'day'
      ? `Reminder: your ${BRAND_NAME} game on ${short}`
      : `Starting soon: your ${BRAND_NAME} game on ${short}`;
  const when =
    input.kind === 'day'
      ? `Your game at ${venuePlace(venue)} is coming up on ${long}.`
      : `Your game at ${venuePlace(venue)} starts soon: ${long}.`;
  const code = `Friends join this game with the access code ${input.accessCode}.`;
  const why =
    'You get these reminders 24 hours and 1 hour before each game you book. To stop them, turn off Game reminders in Account Settings, or unsubscribe:';
  const text = [
    `Hi ${input.username},`,
    '',
    when,
    code,
    '',
    `Your sessions: ${input.sessionsUrl}`,
    '',
    `${why} ${input.unsubscribeUrl}`,
  ].join('\n');
  const anchor = (url: string, label: string) =>
    `<a href="${escapeHtml(url)}" style="color:#f7b538">${escapeHtml(label)}</a>`;
  const html = layout(
    subject,
    [
      `<p>Hi ${escapeHtml(input.username)},</p>`,
      `<p>${escapeHtml(when)}</p>`,
      `<p>${escapeHtml(code)}</p>`,
      `<p>Your sessions: ${anchor(input.sessionsUrl, input.sessionsUrl)}</p>`,
      `<p style="font-size:13px;color:#a1a1aa">${escapeHtml(why)} ${anchor(input.unsubscribeUrl, 'unsubscribe from game reminders')}.</p>`,
    ].join(''),
  );
  const headers = {
    'List-Unsubscribe': `<${input.oneClickUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
  return { template: 'seat_reminder', subject, text, html, headers };
}

/**
 * What a seat's confirmation is rendered from (ADR 0044): the facts as booked, kept in the
 * outbox until it is sent. The formatting (venue and player clocks, the calendar file) needs the
 * server's settings, so the bookings module renders it (createMailRenderer's `seatBooked`).
 */
export type SeatBookedFacts = {
  registrationId: string;
  /** The game's start, ISO 8601. */
  startsAt: string;
  lengthMinutes: number;
  accessCode: string;
  username: string;
  /** The player's time zone as the browser named it and this server knows it. */
  timeZone: string | null;
  /** Joined a live game by its access code (else booked ahead). */
  joined: boolean;
  /** A party's leader: the invites of the guest seats booked with this one (ADR 0065). */
  invites?: string[];
  /** A party's guest: the leader's username. */
  guestOf?: string;
};

/** The templates rendered from their input alone. */
const PLAIN_TEMPLATES = {
  recovery_code: recoveryCodeEmail,
  password_changed: passwordChangedEmail,
  account_deleted: accountDeletedEmail,
  order_confirmation: orderConfirmationEmail,
  order_refunded: orderRefundedEmail,
  seat_cancelled: seatCancelledEmail,
  game_closed: gameClosedEmail,
  game_message: gameMessageEmail,
  partnership_confirmation: (_input: null) => partnershipConfirmationEmail(),
  partnership_notification: partnershipNotificationEmail,
  waitlist_offer: waitlistOfferEmail,
  seat_reminder: seatReminderEmail,
} satisfies Record<
  Exclude<EmailTemplateName, 'seat_booked'>,
  (input: never, venue: VenueDetails) => RenderedEmail
>;

type PlainTemplates = typeof PLAIN_TEMPLATES;

/**
 * A mail as the outbox keeps it until it is sent (ADR 0044): its template and that template's
 * input (plain JSON), rendered by the dispatcher and the dev mailbox.
 */
export type MailDraft =
  | {
      [T in keyof PlainTemplates]: { template: T; input: Parameters<PlainTemplates[T]>[0] };
    }[keyof PlainTemplates]
  | { template: 'seat_booked'; input: SeatBookedFacts };

/** The draft of `template` with `input`, for mailer.queue. */
export function mailDraft<T extends MailDraft['template']>(
  template: T,
  input: Extract<MailDraft, { template: T }>['input'],
): MailDraft {
  return { template, input } as MailDraft;
}

/** Renders a draft with the venue's details as they are when it is sent. */
export type RenderMail = (draft: MailDraft, queuedAt: Date, venue: VenueDetails) => RenderedEmail;

/**
 * Renders a draft; `queuedAt` (when it entered the outbox) stamps what carries a time. The
 * confirmation of a seat is rendered by the bookings module's `seatBooked`.
 */
export function createMailRenderer(modules: {
  seatBooked: (facts: SeatBookedFacts, queuedAt: Date, venue: VenueDetails) => RenderedEmail;
}): RenderMail {
  return (draft, queuedAt, venue) => {
    if (draft.template === 'seat_booked') return modules.seatBooked(draft.input, queuedAt, venue);
    const render = PLAIN_TEMPLATES[draft.template] as (
      input: typeof draft.input,
      venue: VenueDetails,
    ) => RenderedEmail;
    return render(draft.input, venue);
  };
}
