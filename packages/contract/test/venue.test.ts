import { describe, expect, it } from 'vitest';
import { settingsChangeCommand } from '../src/operator';
import {
  DEFAULT_VENUE_SETTINGS,
  VENUE_MESSAGES,
  venueSettings,
  venueSettingsCommand,
} from '../src/venue';

const VALID = {
  name: 'Harbour Hall',
  address: '12 Quay Street, Bristol BS1 4DJ',
  contactEmail: 'desk@harbour.example',
  contactPhone: '+44 117 496 0000',
  hourCycle: '24',
} as const;

function messagesOf(value: unknown): string[] {
  const result = venueSettings.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('venueSettings: what an admin may set', () => {
  it('takes valid details, trimmed, and the defaults', () => {
    expect(venueSettings.parse({ ...VALID, name: '  Harbour Hall ' })).toEqual(VALID);
    expect(venueSettings.parse(DEFAULT_VENUE_SETTINGS)).toEqual(DEFAULT_VENUE_SETTINGS);
    expect(venueSettings.parse({ ...VALID, address: '', contactPhone: '' })).toMatchObject({
      address: '',
      contactPhone: '',
    });
  });

  it.each([
    [{ name: '   ' }, VENUE_MESSAGES.nameMissing],
    [{ name: 'x'.repeat(81) }, VENUE_MESSAGES.nameLong],
    [{ name: 'Hall\r\nBcc: someone@example.com' }, VENUE_MESSAGES.oneLine],
    [{ address: 'x'.repeat(201) }, VENUE_MESSAGES.addressLong],
    [{ address: '12 Quay St\nBristol' }, VENUE_MESSAGES.oneLine],
    [{ contactEmail: 'desk at harbour' }, VENUE_MESSAGES.email],
    [{ contactEmail: '' }, VENUE_MESSAGES.email],
    [{ contactPhone: 'call us' }, VENUE_MESSAGES.phone],
    [{ contactPhone: '+44' }, VENUE_MESSAGES.phone],
    [{ hourCycle: '13' }, VENUE_MESSAGES.hourCycle],
  ])('refuses %j with its message', (change, message) => {
    expect(messagesOf({ ...VALID, ...change })).toEqual([message]);
  });
});

describe('venueSettingsCommand: a change of some details', () => {
  it('takes any of the fields, and refuses none', () => {
    expect(venueSettingsCommand.parse({ command: 'settings venue', hourCycle: '12' })).toEqual({
      command: 'settings venue',
      hourCycle: '12',
    });
    const none = venueSettingsCommand.safeParse({ command: 'settings venue' });
    expect(none.success ? [] : none.error.issues.map((issue) => issue.message)).toEqual([
      VENUE_MESSAGES.nothing,
    ]);
  });

  it('is one of the console settings changes', () => {
    expect(settingsChangeCommand.parse({ command: 'settings venue', ...VALID })).toEqual({
      command: 'settings venue',
      ...VALID,
    });
  });
});
