import { describe, expect, it } from 'vitest';
import { addressKey } from '../src/lib/address-key';

describe('addressKey', () => {
  it.each([
    ['2001:db8:1:2:aaaa::1', 64, '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:ffff:ffff:ffff:ffff', 64, '2001:db8:1:2::/64'],
    ['2001:db8:1:2:3:4:5:6', 48, '2001:db8:1::/48'],
    ['2001:db8:1:2:3:4:5:6', 128, '2001:db8:1:2:3:4:5:6/128'],
    ['::1', 64, '::/64'],
    ['198.51.100.7', 64, '198.51.100.7'],
    ['::ffff:198.51.100.7', 64, '198.51.100.7'],
    ['player@example.com', 64, 'player@example.com'],
    ['5b0c1f0e-2b1a-4c8e-9a43-0d5f3c2e1a77', 64, '5b0c1f0e-2b1a-4c8e-9a43-0d5f3c2e1a77'],
  ])('%s /%i is %s', (value, prefix, key) => {
    expect(addressKey(value, prefix)).toBe(key);
  });

  it('counts two addresses of one /64 as one, and of two /64s as two', () => {
    const key = (ip: string) => addressKey(ip, 64);
    expect(key('2001:db8:0:7::1')).toBe(key('2001:db8:0:7:dead:beef:0:2'));
    expect(key('2001:db8:0:7::1')).not.toBe(key('2001:db8:0:8::1'));
  });
});
