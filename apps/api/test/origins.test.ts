import { describe, expect, it } from 'vitest';
import {
  isLoopbackIp,
  listenLogText,
  normalizedHost,
  originOfUrl,
  withLoopbackAliases,
} from '../src/lib/origins';

describe('origins', () => {
  it('aliases a loopback origin under every loopback name, same scheme and port', () => {
    expect(withLoopbackAliases('http://localhost:3000').sort()).toEqual([
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://localhost:3000',
    ]);
    expect(withLoopbackAliases('https://127.0.0.1')).toContain('https://localhost');
  });

  it('gives a public origin no alias', () => {
    expect(withLoopbackAliases('https://play.example.com')).toEqual(['https://play.example.com']);
  });

  it('reads the origin of a Referer, or null', () => {
    expect(originOfUrl('http://localhost:3000/store?x=1#y')).toBe('http://localhost:3000');
    expect(originOfUrl('/relative')).toBe('null');
    expect(originOfUrl('')).toBe('null');
  });

  it('normalises a Host header, refusing what is not one', () => {
    expect(normalizedHost('LocalHost:3000', 'http:')).toBe('localhost:3000');
    expect(normalizedHost('example.com:443', 'https:')).toBe('example.com');
    expect(normalizedHost('a@localhost:3000', 'http:')).toBeNull();
    expect(normalizedHost('localhost:3000/x', 'http:')).toBeNull();
    expect(normalizedHost(undefined, 'http:')).toBeNull();
  });

  it('knows the loopback client addresses', () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(isLoopbackIp(ip)).toBe(true);
    for (const ip of ['10.0.0.1', '::ffff:10.0.0.1', '']) expect(isLoopbackIp(ip)).toBe(false);
  });

  it('logs the listening socket without a URL to open (the app lives at PUBLIC_ORIGIN)', () => {
    const text = listenLogText('http://127.0.0.1:3000');
    expect(text).toBe('Listening on 127.0.0.1:3000');
    expect(text).not.toMatch(/https?:\/\//);
  });
});
