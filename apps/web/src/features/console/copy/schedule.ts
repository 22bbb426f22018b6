import { credits, plural } from './common';

/** The venue day's words (the schedule screen). */
export const scheduleCopy = {
  heading: 'Venue day',
  intro: (timeZone: string) =>
    `Every slot of the day, live: seats fill as players book or join. Times are the venue's (${timeZone}).`,
  dayLabel: 'Day',
  today: 'Today',
  previousDay: 'Previous day',
  nextDay: 'Next day',
  /** An ended game is neither open nor closed: it is counted apart. */
  summary: (taken: number, capacity: number, open: number, slots: number, ended: number) =>
    `${taken} of ${capacity} seats taken; ${open} of ${slots} slots open${ended > 0 ? `; ${ended} ended` : ''}.`,
  caption: (day: string) => `Slots on ${day}`,
  columns: ['Start', 'Seats', 'State', 'Players', 'Actions'] as const,
  loading: 'Loading the day…',
  failed: 'The day could not be loaded.',
  empty: 'No slots on this day.',
  seats: (booked: number, capacity: number) => `${booked} of ${capacity}`,
  waiting: (count: number) => `${count} waiting`,
  open: 'Open',
  closed: 'Closed',
  live: 'Playing now',
  ended: 'Ended',
  playerCount: (count: number) => `${count} player${count === 1 ? '' : 's'}`,
  noPlayers: 'No players yet',
  /** After how the seat was taken (SeatSourceText): "Booked by staff at 10:04 AM". */
  seatTakenAt: (at: string) => `at ${at}`,
  close: (time: string) => `Close ${time}`,
  reopen: (time: string) => `Reopen ${time}`,
  closeShort: 'Close',
  reopenShort: 'Reopen',
  capacityShort: 'Capacity',
  capacityButton: (time: string) => `Change the capacity of ${time}`,
  capacityTitle: (time: string) => `Capacity of the ${time} slot`,
  capacityDescription: (booked: number) =>
    `How many players the slot takes: at least the ${booked} seated now.`,
  capacityLabel: 'Seats',
  capacitySave: 'Save Capacity',
  closeDialog: 'Close',
  codeShort: 'Access code',
  codeButton: (time: string) => `Show the access code of ${time}`,
  codeShown: (time: string) => `Access code of ${time}`,
  changeFailed: 'The slot could not be changed.',
  codeFailed: 'The access code could not be shown.',
  closedNotice: (time: string) => `${time} is closed: new bookings and joins are refused.`,
  closeTitle: (time: string) => `Close the ${time} slot`,
  closeDescription: 'It takes no new bookings or joins.',
  closeConfirm: 'Close Slot',
  keptNotice: (seats: number) =>
    seats > 0 ? ` Players keep ${plural(seats, 'seat')} on it: tell them.` : '',
  reopenedNotice: (time: string) => `${time} is open again.`,
  capacityNotice: (time: string, capacity: number) => `${time} now takes ${capacity} players.`,
  dismiss: 'Dismiss',
} as const;

/** The words of a closure's dialog (a day blocked, a slot closed) with players on its games. */
export const closureCopy = {
  loading: 'Looking for players booked…',
  failed: 'The players booked could not be read.',
  seatsHeading: 'Players booked',
  seatsCaption: 'Players booked on the games not started',
  nobody: 'Nobody is booked on the games not started.',
  seat: (username: string, time: string) => `${username}, the ${time} game`,
  waiting: (count: number) =>
    count === 0
      ? 'Nobody waits in line.'
      : `${plural(count, 'player')} ${count === 1 ? 'waits' : 'wait'} in line.`,
  choiceLegend: 'Their seats',
  choiceNeeded: 'Choose what happens to their seats.',
  cancel: 'Cancel their seats and refund them',
  keep: 'Keep their seats (tell them yourself)',
  reasonLabel: 'Reason',
  reasonHint: 'Mailed to the players whose seats are cancelled, and kept in the audit log.',
  reasonNeeded: 'Say why: the players are mailed it.',
  reasonTooLong: 'The reason is at most 200 characters.',
  /** The reason given before the dialog (the blocked day's). */
  reasonGiven: (reason: string) => `Reason, mailed if their seats are cancelled: ${reason}`,
  failedChange: 'The closure could not be made.',
  done: 'Done',
  cancelled: (seats: { cancelled: number; refunded: number; released: number }) =>
    `${plural(seats.cancelled, 'seat')} cancelled, ${credits(seats.refunded)} refunded, ${plural(seats.released, 'waitlist place')} ended; the players were mailed.`,
} as const;

/** The words of the dialog that mails a game's players a message (ADR 0058). */
export const messageCopy = {
  button: (time: string) => `Message the players of ${time}`,
  buttonShort: 'Message players',
  title: (time: string) => `Message the players of ${time}`,
  description:
    "One mail to each player booked on the game, from the venue's staff. Check it before it goes.",
  subjectLabel: 'Subject',
  bodyLabel: 'Message',
  bodyHint: 'Plain text: line breaks are kept, nothing else is formatted.',
  waitingLabel: 'Also the players waiting for a seat',
  preview: 'Preview',
  previewing: 'Preparing the preview…',
  previewHeading: 'What each player gets',
  subjectLine: (subject: string) => `Subject: ${subject}`,
  reach: (booked: number, waiting: number) => `${booked} booked, ${waiting} waiting will get this.`,
  edit: 'Edit',
  send: 'Send Message',
  previewFailed: 'The preview could not be made.',
  sendFailed: 'The message could not be sent.',
  sent: (booked: number, waiting: number) =>
    `Sent: ${plural(booked, 'player')} booked and ${waiting} waiting will get it by mail.`,
  repeated: (booked: number, waiting: number) =>
    `Already sent to ${booked} booked and ${waiting} waiting: nothing was sent twice.`,
  done: 'Done',
} as const;

/** The words of the capacity dialog when the new capacity is below the seats taken. */
export const capacityCopy = {
  belowBooked: (booked: number) =>
    `At least ${booked}: players hold that many seats, unless you cancel the latest booked.`,
  seatsHeading: 'Seats over the new capacity',
  seatsCaption: 'Players who would lose their seat, latest booked first',
  loading: 'Looking for the latest booked seats…',
  failed: 'The seats over the new capacity could not be read.',
  cancelSeats: 'Cancel these seats and refund them (each player is mailed the reason)',
  reasonLabel: 'Reason',
  reasonHint: 'Mailed to the players whose seats are cancelled, and kept in the audit log.',
  reasonNeeded: 'Say why: the players are mailed it.',
  reasonTooLong: 'The reason is at most 200 characters.',
} as const;
