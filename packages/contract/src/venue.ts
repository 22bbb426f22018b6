/**
 * The venue's own details (issue "The venue's own details"): its name, street address, contact
 * email and phone, and how its clock is shown (12- or 24-hour). Admins change them in the
 * console's settings or with `settings venue` on the command line (runtime settings, no
 * restart); the time zone stays the VENUE_TIMEZONE setting, shown but not changed here. The
 * public `GET /api/Venue` serves them to screens, and mails and calendar files read the same.
 */
import { z } from 'zod';
import { CONTACT, DEFAULT_DISTRICT_NAME } from './brand';
import { DEFAULT_HOUR_CYCLE, type HourCycle } from './clock';
import { EMAIL_MAX_LENGTH } from './accounts';
import { userMessage } from './user-message';

export const VENUE_DETAILS = {
  nameLength: 80,
  addressLength: 200,
  phoneLength: 30,
  hourCycles: ['12', '24'] as const satisfies readonly HourCycle[],
} as const;

/** What the venue is until an admin says otherwise. */
export const DEFAULT_VENUE_SETTINGS = {
  name: DEFAULT_DISTRICT_NAME,
  address: '',
  contactEmail: CONTACT.supportEmail,
  contactPhone: '',
  hourCycle: DEFAULT_HOUR_CYCLE,
} as const satisfies VenueSettings;

/** @internal Exported for tests. */
export const VENUE_MESSAGES = {
  nameMissing: userMessage('Name the venue, e.g. Old Mill District.'),
  nameLong: userMessage(`The venue's name is at most ${VENUE_DETAILS.nameLength} characters.`),
  addressLong: userMessage(`The address is at most ${VENUE_DETAILS.addressLength} characters.`),
  oneLine: userMessage('Write it on one line.'),
  email: userMessage('Enter an email address, e.g. hello@venue.example.'),
  phone: userMessage(
    'Write the phone number with digits, spaces and + ( ) - only, e.g. +44 20 7946 0321.',
  ),
  hourCycle: userMessage('Show times on the 12-hour or the 24-hour clock: 12 or 24.'),
  nothing: userMessage('Change at least one of the venue details.'),
} as const;

/** No line breaks or other control characters: the values go into mails and calendar files. */
// eslint-disable-next-line no-control-regex
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;

const PHONE = /^\+?[0-9 ()\-.]*$/;

const venueName = z
  .string({ error: VENUE_MESSAGES.nameMissing })
  .trim()
  .min(1, VENUE_MESSAGES.nameMissing)
  .max(VENUE_DETAILS.nameLength, VENUE_MESSAGES.nameLong)
  .regex(ONE_LINE, VENUE_MESSAGES.oneLine);

/** The street address, on one line ('' when not given). */
const venueAddress = z
  .string({ error: VENUE_MESSAGES.addressLong })
  .trim()
  .max(VENUE_DETAILS.addressLength, VENUE_MESSAGES.addressLong)
  .regex(ONE_LINE, VENUE_MESSAGES.oneLine);

const venueContactEmail = z
  .string({ error: VENUE_MESSAGES.email })
  .trim()
  .max(EMAIL_MAX_LENGTH, VENUE_MESSAGES.email)
  .pipe(z.email(VENUE_MESSAGES.email));

/** '' when the venue gives no number; else at least five digits. */
const venueContactPhone = z
  .string({ error: VENUE_MESSAGES.phone })
  .trim()
  .max(VENUE_DETAILS.phoneLength, VENUE_MESSAGES.phone)
  .refine((phone) => phone === '' || (PHONE.test(phone) && phone.replace(/\D/g, '').length >= 5), {
    error: VENUE_MESSAGES.phone,
  });

const hourCycle = z.enum(VENUE_DETAILS.hourCycles, { error: VENUE_MESSAGES.hourCycle });

/** The details an admin sets, as stored (runtime setting `venue`). */
export const venueSettings = z.strictObject({
  name: venueName,
  address: venueAddress,
  contactEmail: venueContactEmail,
  contactPhone: venueContactPhone,
  hourCycle,
});
export type VenueSettings = z.infer<typeof venueSettings>;

/**
 * A change of the venue's details (`settings venue`): the fields given change, the others stay.
 * The console sends every field; the command line only the flags written.
 */
export const venueSettingsCommand = z
  .strictObject({
    command: z.literal('settings venue'),
    ...venueSettings.partial().shape,
  })
  .refine((change) => Object.keys(change).some((key) => key !== 'command'), {
    error: VENUE_MESSAGES.nothing,
  });

/** `GET /api/Venue` (public): the venue's details and its clock. */
export const venueDetails = z.object({
  name: z.string(),
  address: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  /** The VENUE_TIMEZONE setting (IANA), which only the server's configuration changes. */
  timeZone: z.string(),
  hourCycle,
});
export type VenueDetails = z.infer<typeof venueDetails>;

/** Where the venue is, as mails and calendar files say it: its name, and its address if given. */
export function venuePlace(venue: Pick<VenueDetails, 'name' | 'address'>): string {
  return venue.address === '' ? venue.name : `${venue.name}, ${venue.address}`;
}
