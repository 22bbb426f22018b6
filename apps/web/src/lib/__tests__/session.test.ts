import { PURCHASE_INTENT_KEYS, STORAGE_KEYS } from '@questfield/contract';
import { describe, expect, it } from 'vitest';
import { readGameData, writeGameData } from '../game-data';
import { clearStoredSession, readCachedUser, writeStoredUser } from '../session';
import { testUser } from '@/testing/mock-api';

describe('session storage mirror', () => {
  it('writes the spec §3 keys from a server answer', () => {
    writeStoredUser({
      ...testUser,
      firstName: 'Ada',
      credits: 16,
      redeemedCodes: [{ code: 'A1' }],
    });

    expect(localStorage.getItem('isLoggedIn')).toBe('true');
    expect(localStorage.getItem('credits')).toBe('16');
    expect(localStorage.getItem('username')).toBe('ada');
    expect(localStorage.getItem('firstName')).toBe('Ada');
    expect(localStorage.getItem('lastName')).toBe('');
    expect(localStorage.getItem('email')).toBe('ada@example.com');
    expect(localStorage.getItem('phone')).toBe('');
    expect(localStorage.getItem('userId')).toBe('u-1');
    expect(localStorage.getItem('id')).toBe('u-1');
    expect(localStorage.getItem('appname')).toBe('questfield');
    expect(localStorage.getItem('appversion')).toBe('1.0.0');
    expect(JSON.parse(localStorage.getItem('redeemedCodes')!)).toEqual([{ code: 'A1' }]);
    expect(JSON.parse(localStorage.getItem('userdata')!)).toMatchObject({ username: 'ada' });
  });

  it('clears every key the app writes, the game data and the purchase intents', () => {
    writeStoredUser(testUser);
    writeGameData({
      gametime: '2026-06-01 14:00:00',
      eventid: 'e-1',
      gamelength: 30,
      redirecturl: 'http://localhost:3000/dashboard',
      homeurl: 'http://localhost:3000/',
    });
    localStorage.setItem('unrelated', 'kept');
    for (const key of Object.values(PURCHASE_INTENT_KEYS)) sessionStorage.setItem(key, '{}');

    clearStoredSession();

    for (const key of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    for (const key of Object.values(PURCHASE_INTENT_KEYS))
      expect(sessionStorage.getItem(key)).toBeNull();
    expect(readGameData()).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });

  it('reads the cached display copy only when isLoggedIn is true, and survives junk', () => {
    expect(readCachedUser()).toBeNull();
    localStorage.setItem('isLoggedIn', 'true');
    localStorage.setItem('userdata', '{not json');
    expect(readCachedUser()).toBeNull();
    localStorage.setItem('userdata', JSON.stringify({ username: 'ada', firstName: 7 }));
    localStorage.setItem('credits', '-5');
    expect(readCachedUser()).toMatchObject({ username: 'ada', firstName: '', credits: 0 });
  });
});
