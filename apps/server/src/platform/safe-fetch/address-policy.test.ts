import { describe, expect, it } from 'vitest';
import { canonicalAddress, isIpAddress, isLoopbackAddress, isRefusedAddress } from './address-policy.ts';

/** Every address a fetch must never reach, one per refused range (and the odd spellings). */
const REFUSED = [
  // IPv4 loopback, private, link-local (cloud metadata), CGNAT, multicast, this-network, broadcast
  '127.0.0.1',
  '127.255.255.254',
  '10.0.0.1',
  '10.255.255.255',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '169.254.169.254',
  '169.254.0.1',
  '100.64.0.1',
  '100.127.255.254',
  '224.0.0.1',
  '239.255.255.250',
  '0.0.0.0',
  '0.1.2.3',
  '255.255.255.255',
  // IANA special-purpose, not globally reachable
  '192.0.0.9',
  '192.0.2.1',
  '192.88.99.1',
  '198.18.0.1',
  '198.19.255.255',
  '198.51.100.7',
  '203.0.113.7',
  '240.0.0.1',
  '250.1.2.3',
  // IPv6 loopback, unspecified, link-local, ULA, site-local, multicast, documentation
  '::1',
  '::',
  'fe80::1',
  'fe80::1%eth0',
  'febf::1',
  'fc00::1',
  'fd12:3456:789a::1',
  'fec0::1',
  'ff02::1',
  'ff0e::1',
  '2001:db8::1',
  '3fff::1',
  '100::1',
  // IPv4 inside IPv6: mapped (judged by the IPv4), compatible, SIIT, NAT64, 6to4, Teredo
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:10.0.0.1',
  '::ffff:169.254.169.254',
  '::ffff:192.168.0.1',
  '::7f00:1',
  '::127.0.0.1',
  '::ffff:0:7f00:1',
  '64:ff9b::a00:1',
  '64:ff9b::7f00:1',
  '64:ff9b:1::1',
  '2002:7f00:1::',
  '2002:a00:1::1',
  '2001::1',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  '2001:2::1',
  // URL brackets change nothing
  '[::1]',
  '[::ffff:127.0.0.1]',
];

const ALLOWED = [
  '8.8.8.8',
  '1.1.1.1',
  '172.32.0.1',
  '172.15.255.255',
  '100.63.255.255',
  '100.128.0.1',
  '169.253.255.255',
  '192.169.0.1',
  '11.0.0.1',
  '223.255.255.254',
  '2606:4700::1111',
  '2400:3200::1',
  '2a00:1450:4001:81c::200e',
  '::ffff:8.8.8.8',
  '[2606:4700::1111]',
];

describe('address policy', () => {
  it.each(REFUSED)('refuses %s', (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each(ALLOWED)('allows %s', (address) => {
    expect(isRefusedAddress(address)).toBe(false);
  });

  it('refuses whatever is not an address, including the classful spellings', () => {
    for (const text of ['', 'localhost', 'example.com', '127.1', '0x7f.1', '2130706433', '017700000001', '1.2.3']) {
      expect(isIpAddress(text), text).toBe(false);
      expect(isRefusedAddress(text), text).toBe(true);
    }
  });

  it('refuses the decimal, octal and hex spellings of 127.0.0.1 once a URL has read them', () => {
    for (const spelling of ['http://2130706433/', 'http://0x7f.1/', 'http://017700000001/', 'http://0177.0.0.01/']) {
      const host = new URL(spelling).hostname;
      expect(host, spelling).toBe('127.0.0.1');
      expect(isRefusedAddress(host), spelling).toBe(true);
    }
    expect(isRefusedAddress(new URL('http://[::ffff:127.0.0.1]/').hostname)).toBe(true);
    expect(isRefusedAddress(new URL('http://0xa.0.0.1/').hostname)).toBe(true);
  });

  it('spells an address one way, so the connected address can be compared with the checked one', () => {
    expect(canonicalAddress('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(canonicalAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(canonicalAddress('[2606:4700::1111]')).toBe(canonicalAddress('2606:4700:0:0:0:0:0:1111'));
    expect(canonicalAddress('localhost')).toBeNull();
  });

  it('lets loopback, and loopback alone, through when the test-only allowance is on', () => {
    for (const address of ['127.0.0.1', '127.0.0.2', '::1', '[::1]', '::ffff:127.0.0.1']) {
      expect(isRefusedAddress(address, { allowLoopback: true }), address).toBe(false);
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of ['10.0.0.1', '169.254.169.254', '0.0.0.0', '::', 'fe80::1', '192.168.1.1', 'fc00::1']) {
      expect(isRefusedAddress(address, { allowLoopback: true }), address).toBe(true);
      expect(isLoopbackAddress(address), address).toBe(false);
    }
  });
});
