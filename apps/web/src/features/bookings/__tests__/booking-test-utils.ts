import type { AvailableTime, RegisterEventResponse } from '@questfield/contract';

/** A slot of the venue day 2026-06-01 starting at `time` (venue time), `spots` seats left. */
export function slot(utc: string, time: string, spots = 25): AvailableTime {
  return {
    EventTime: `2026-06-01T${utc}:00.000Z`,
    SpotsAvailable: spots,
    Capacity: 25,
    event_id: `Old Mill District|${time}`,
  };
}

export const SLOTS: AvailableTime[] = [
  slot('19:00', '3:00 PM', 12),
  slot('19:30', '3:30 PM', 0),
  slot('20:00', '4:00 PM', 25),
];

export function bookedAnswer(credits: number, EventTime = SLOTS[0]!.EventTime) {
  return {
    EventTime,
    gamedata: {
      gametime: '2026-06-01 19:00:00',
      eventid: 'Old Mill District|3:00 PM',
      gamelength: 30,
      redirecturl: 'http://localhost:5174/',
      homeurl: 'http://localhost:5173/',
    },
    accessCode: 'K7QM-4XPD',
    ticket: 'eyJhbGciOiJIUzI1NiJ9.test-ticket.signature',
    registrationId: '0b5e7c1a-3f2d-4e8b-9a6c-1d2e3f4a5b6c',
    cancelCutoffMinutes: 120,
    credits,
    repeated: false,
  } satisfies RegisterEventResponse;
}

export { deferred, headerCredits, refusal } from '@/testing/answers';
