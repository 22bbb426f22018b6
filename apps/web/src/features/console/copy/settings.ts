import { cancelCutoffText, type MoneyLimits, type VenueDetails } from '@questfield/contract';
import { number, credits } from './common';

/** The settings screen's words. */
export const settingsCopy = {
  loading: 'Loading the settings…',
  failed: 'The settings could not be loaded.',
  staffOnly: 'Only admins change the settings.',
  everywhere: 'Every server follows a change within 5 seconds.',
  changeFailed: 'The setting could not be changed.',
  dismiss: 'Dismiss',

  multiplayerHeading: 'Multiplayer',
  multiplayerText:
    'When it is off, players can neither book nor join games, and every page shows the banner saying multiplayer is disabled.',
  multiplayerLabel: 'Multiplayer',
  on: 'On',
  off: 'Off',
  multiplayerNotice: (on: boolean) =>
    on
      ? 'Multiplayer is on: players can book and join again.'
      : 'Multiplayer is off: bookings and joins are refused, and the site shows the banner.',

  scheduleHeading: 'Schedule',
  scheduleText:
    "Each weekday's games and the blocked days ahead have a screen of their own, where admins change them.",
  scheduleLink: 'Open the week',

  staffLimitHeading: 'Staff grant limit',
  staffLimitText: (limit: number, adminLimit: number) =>
    `Staff grant or deduct at most ${credits(limit)} per action on a player's page; admins up to ${number.format(adminLimit)}.`,
  staffLimitLabel: 'Credits per action',
  staffLimitSave: 'Save Staff Limit',
  staffLimitNotice: (limit: number, before: number) =>
    `Staff may now grant or deduct at most ${credits(limit)} per action (before: ${number.format(before)}).`,
  moneyLimitsHeading: 'Money limits per day',
  moneyLimitsText: (limits: MoneyLimits) =>
    `Each staff member grants and deducts at most ${credits(limits.staffDailyCredits)} a venue day in all. A batch of codes made here holds at most ${number.format(limits.codesPerBatch)} codes, and the day's batches at most ${credits(limits.codeCreditsPerDay)} in all (a code's credits times its batch's codes). An admin's grants past ${credits(limits.adminDailyCredits)} a venue day, and a batch of more than ${credits(limits.batchApprovalCredits)}, wait for a second admin's approval. The command line is held to none of these; everything is in the audit log.`,
  moneyLimitLabels: {
    staffDailyCredits: "Staff's credits per day",
    codesPerBatch: 'Codes per batch',
    codeCreditsPerDay: 'Code credits per day',
    adminDailyCredits: "An admin's grants per day without approval",
    batchApprovalCredits: 'Batch credits without approval',
  } satisfies Record<keyof MoneyLimits, string>,
  moneyLimitsSave: 'Save Money Limits',
  moneyLimitsNotice: (limits: MoneyLimits) =>
    `Saved: staff ${credits(limits.staffDailyCredits)} a day each; batches of at most ${number.format(limits.codesPerBatch)} codes, ${credits(limits.codeCreditsPerDay)} of codes a day; a second admin approves an admin's grants past ${credits(limits.adminDailyCredits)} a day and batches of more than ${credits(limits.batchApprovalCredits)}.`,
  cancelCutoffHeading: 'Seat cancellation',
  cancelCutoffText: (minutes: number) =>
    `Players may cancel a seat (and get its credits back) ${cancelCutoffText(minutes)}; staff may until the start.`,
  cancelCutoffLabel: 'Minutes before the start',
  cancelCutoffSave: 'Save Cut-off',
  cancelCutoffNotice: (minutes: number, before: number) =>
    `Players may now cancel a seat ${cancelCutoffText(minutes)} (before: ${number.format(before)} minutes).`,
  waitlistHoldHeading: 'Waitlist offers',
  waitlistHoldText: (minutes: number) =>
    `A seat freed on a full game is offered to the first player on its waitlist and held for them for ${number.format(minutes)} minutes (never past the start); then it goes to the next in line.`,
  waitlistHoldLabel: 'Minutes a seat is held',
  waitlistHoldSave: 'Save Hold',
  waitlistHoldNotice: (minutes: number, before: number) =>
    `Seats offered from now on are held for ${number.format(minutes)} minutes (before: ${number.format(before)} minutes).`,
  noShowGraceHeading: 'No-shows',
  noShowGraceText: (minutes: number) =>
    `A player whose game has not opened ${number.format(minutes)} minutes after the start is a no-show on the roster and in reports.`,
  noShowGraceLabel: 'Minutes after the start',
  noShowGraceSave: 'Save Grace',
  noShowGraceNotice: (minutes: number, before: number) =>
    `Seats without a join are no-shows ${number.format(minutes)} minutes after the start (before: ${number.format(before)} minutes).`,
  staffLimitReauth:
    'Changing how many credits staff may move needs your password and a current code again (every 15 minutes).',

  venuesHeading: 'Venue networks',
  venuesText:
    "The venue's address ranges, where many players share one public address (its Wi-Fi). Their sign-ups and code entries are limited per address with the raised limit below instead of the ordinary one.",
  ordinary: (signUps: number, perDay: number, codes: number) =>
    `Ordinary limits per address: ${number.format(signUps)} sign-ups in 10 minutes and ${number.format(perDay)} a day, ${number.format(codes)} code entries a minute.`,
  venueLimitLabel: 'Raised limit',
  venueLimitShown: (limit: number) =>
    `Raised limit: ${number.format(limit)} per address and window.`,
  venueLimitHint: 'Sign-ups in 10 minutes and a day, and code entries a minute, per address.',
  venueLimitSave: 'Save Raised Limit',
  venueLimitNotice: (limit: number, before: number) =>
    `Venue networks now get ${number.format(limit)} per address and window (before: ${number.format(before)}).`,
  networksHeading: 'Networks',
  networksCaption: 'Venue address ranges',
  networksColumns: ['Name', 'Range', 'Actions'] as const,
  networksEmpty: 'No venue network yet: every address has the ordinary limits.',
  remove: 'Remove',
  removeLabel: (name: string, range: string) => `Remove ${name} (${range})`,
  removed: (name: string, range: string) =>
    `Removed ${name} (${range}): its addresses have the ordinary limits again.`,
  nameLabel: 'Name',
  nameHint: 'What the network is, e.g. Main hall Wi-Fi.',
  rangeLabel: 'Range',
  rangeHint:
    'From its first address: IPv4 up to a /16 (e.g. 203.0.113.0/24), IPv6 up to a /48 (e.g. 2001:db8:5::/48).',
  add: 'Add Network',
  added: (name: string, range: string) => `Added ${name} (${range}).`,

  venueHeading: 'The venue',
  venueText: (timeZone: string) =>
    `Its name, address and contact appear on every screen, mail and calendar file, and its clock shows times in the venue's time zone, ${timeZone} (the server's VENUE_TIMEZONE setting).`,
  venueShown: (venue: VenueDetails): [string, string][] => [
    ['Name', venue.name],
    ['Street address', venue.address === '' ? 'None given' : venue.address],
    ['Contact email', venue.contactEmail],
    ['Contact phone', venue.contactPhone === '' ? 'None given' : venue.contactPhone],
    ['Time display', `${venue.hourCycle}-hour clock`],
    ['Time zone', venue.timeZone],
  ],
  venueNameLabel: 'Venue name',
  venueAddressLabel: 'Street address',
  venueAddressHint: 'On one line, as players should find it. Leave empty to give none.',
  venueEmailLabel: 'Contact email',
  venuePhoneLabel: 'Contact phone',
  venuePhoneHint: 'Leave empty to give none.',
  venueHoursLabel: 'Time display',
  venueHours: { '12': '12-hour clock (6:00 PM)', '24': '24-hour clock (18:00)' } as const,
  venueSave: 'Save Venue',
  venueNotice: (venue: VenueDetails) =>
    `Saved the venue's details: ${venue.name}, times on the ${venue.hourCycle}-hour clock.`,
};
