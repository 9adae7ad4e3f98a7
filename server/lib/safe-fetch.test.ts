import { describe, expect, it } from 'vitest';
import { checkedAddress, embeddedIpv4, isRefusedAddress, RefusedAddress } from './safe-fetch';

describe('which addresses a webhook may reach', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.1.1',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a00:1',
    '::127.0.0.1',
    '::ffff:0:127.0.0.1',
    '64:ff9b:1::7f00:1',
    '2002:7f00:1::',
    '2001::7f00:1',
    'fec0::1',
    '192.0.2.1',
    '203.0.113.9',
  ])('refuses %s', (address) => {
    expect(isRefusedAddress(address, false)).toBe(true);
  });

  it.each(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:93.184.216.34'])(
    'allows %s',
    (address) => {
      expect(isRefusedAddress(address, false)).toBe(false);
    },
  );

  it('allows private and loopback when told, never the metadata address', () => {
    expect(isRefusedAddress('127.0.0.1', true)).toBe(false);
    expect(isRefusedAddress('10.0.0.1', true)).toBe(false);
    expect(isRefusedAddress('169.254.169.254', true)).toBe(true);
    expect(isRefusedAddress('::ffff:169.254.169.254', true)).toBe(true);
    expect(isRefusedAddress('fd00:ec2::254', true)).toBe(true);
  });

  it('reads the IPv4 address inside mapped and NAT64 IPv6 ones', () => {
    expect(embeddedIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('0:0:0:0:0:ffff:a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedIpv4('64:ff9b::10.0.0.1')).toBe('10.0.0.1');
    expect(embeddedIpv4('2001:db8::1')).toBeNull();
  });

  it('refuses a name that resolves to a private address, naming the address', async () => {
    const refused = await checkedAddress(new URL('http://localhost/hook'), false).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RefusedAddress);
    expect((refused as RefusedAddress).said).toMatchObject({ key: 'ruleMessages.webhookUrlPrivate' });
  });
});
