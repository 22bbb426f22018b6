import { STORAGE_KEYS } from '@questfield/contract';
import { describe, expect, it } from 'vitest';
import { readGameData, writeGameData } from '../game-data';

describe('game data', () => {
  const gamedata = {
    gametime: '2026-06-01 14:00:00',
    eventid: 'Old Mill District|10:00 AM',
    gamelength: 30,
    redirecturl: 'http://localhost:3000/dashboard',
    homeurl: 'http://localhost:3000/',
  };

  it('keeps the server’s game data under the spec’s key, and reads it back', () => {
    writeGameData(gamedata);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.gamedata) ?? '')).toEqual(gamedata);
    expect(readGameData()).toEqual(gamedata);
  });

  it('reads nothing from junk or a forged partial record', () => {
    for (const junk of ['{', 'null', '[]', '{"gametime":5}', '{"gametime":"x","eventid":"y"}']) {
      localStorage.setItem(STORAGE_KEYS.gamedata, junk);
      expect(readGameData()).toBeNull();
    }
  });
});
