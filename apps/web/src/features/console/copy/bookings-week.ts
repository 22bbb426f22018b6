const number = new Intl.NumberFormat('en-US');

/** The week of bookings' words: seven days of games, seats taken of capacity. */
export const bookingsWeekCopy = {
  heading: 'Bookings, 7 days',
  /** The scrolling table's region, named apart from its section (landmark names are unique). */
  tableLabel: 'Bookings, 7 days: games by day',
  intro: "Seats taken of each game's seats, day by day. A cell opens that day's venue day.",
  caption: (first: string, last: string) => `Bookings from ${first} to ${last}`,
  time: 'Time',
  previous: 'Previous 7 days',
  next: 'Next 7 days',
  today: 'From today',
  loading: 'Loading the bookings…',
  failed: 'The bookings could not be loaded.',
  closedDay: 'Closed',
  blockedDay: (reason: string) => `Blocked: ${reason}`,
  closedSlot: 'closed',
  noGame: '—',
  noGames: 'No games in these 7 days.',
  cell: (booked: number, capacity: number) => `${number.format(booked)}/${number.format(capacity)}`,
  cellLabel: (day: string, time: string, booked: number, capacity: number, open: boolean) =>
    `${day}, ${time}: ${number.format(booked)} of ${number.format(capacity)} seats taken${open ? '' : ', closed'}. Open the venue day.`,
};
