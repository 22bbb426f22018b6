/**
 * A seat for the player's calendar: My Sessions' 'Add to calendar' downloads the game as an
 * iCalendar file (RFC 5545) made by the server, and links it to Google Calendar.
 */
import { z } from 'zod';

/** The calendar's reminder before the game starts. */
export const CALENDAR_ALARM_MINUTES = 15;

export const seatCalendarRequest = z.strictObject({ registrationId: z.uuid() });
export type SeatCalendarRequest = z.infer<typeof seatCalendarRequest>;

export const seatCalendarResponse = z.object({
  /** 'questfield-2026-06-01.ics': the game's venue day. */
  filename: z.string(),
  /** The iCalendar file's text (text/calendar). */
  calendar: z.string(),
});

/** What a calendar entry of a game says: the same in the file and in the Google link. */
export const calendarTitle = (district: string) => `Questfield game, ${district}`;
export const calendarDetails = (accessCode: string, sessionsUrl: string) =>
  `Friends join this game with the access code ${accessCode}. Your sessions: ${sessionsUrl}`;
