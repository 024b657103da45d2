import { afterEach, describe, expect, it } from 'vitest';
import { RateLimitedError } from '@/lib/api-errors';
import { consumeQuota } from '@/lib/quotas/consume-quota';
import { MemoryQuotaStore, getQuotaStore, setQuotaStore } from '@/lib/stores/quotas/quota-store';
import { quotaClientOf } from '@/lib/quotas/quota-client';

describe('quotaClientOf', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    [' 203.0.113.9 ', '203.0.113.9'],
    ['203.0.113.9:51234', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::FFFF:203.0.113.9', '203.0.113.9'],
    ['0:0:0:0:0:ffff:cb00:7109', '203.0.113.9'],
    ['[::ffff:203.0.113.9]:443', '203.0.113.9'],
  ])('an IPv4 client, however written (%s), is its address', (address, key) => {
    expect(quotaClientOf(address)).toBe(key);
  });

  it.each([
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:0000:0000:0000:0001', '2001:db8:1:2::/64'],
    ['[2001:db8:1:2::abcd]:8080', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:3:4:198.51.100.1', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['[fe80::1%25eth0]', 'fe80:0:0:0::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
  ])('an IPv6 client (%s) is its /64 network', (address, key) => {
    expect(quotaClientOf(address)).toBe(key);
  });

  it('every address of one /64 is one client; the next /64 is another', () => {
    const keys = new Set(
      ['2001:db8:a:b::1', '2001:db8:a:b:1234:5678:9abc:def0', '2001:0db8:000a:000b::ffff'].map(quotaClientOf),
    );
    expect(keys).toEqual(new Set(['2001:db8:a:b::/64']));
    expect(quotaClientOf('2001:db8:a:c::1')).not.toBe(quotaClientOf('2001:db8:a:b::1'));
  });

  it.each([
    'unknown',
    '',
    'evil.example',
    '256.1.1.1',
    '1.2.3',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    '12345::1',
    '1:2:3:4:5:6:7::8',
    'x'.repeat(10_000),
  ])('what is not an IP address (%s) is the one client "unknown"', (value) => {
    expect(quotaClientOf(value)).toBe('unknown');
  });
});

describe('consumeQuota counts an IPv6 client by its /64', () => {
  const original = getQuotaStore();
  afterEach(() => setQuotaStore(original));

  it('a holder of a /64 cannot get a fresh quota by changing address; an IPv4-mapped address shares the IPv4 count', async () => {
    setQuotaStore(new MemoryQuotaStore());
    const quota = { name: 'test', limit: 2, windowSeconds: 60 };
    await consumeQuota(quota, '2001:db8:5:6::1');
    await consumeQuota(quota, '2001:db8:5:6::2');
    await expect(consumeQuota(quota, '2001:db8:5:6:dead:beef:0:3')).rejects.toBeInstanceOf(RateLimitedError);
    expect((await consumeQuota(quota, '2001:db8:5:7::1'))?.remaining).toBe(1);

    await consumeQuota(quota, '198.51.100.4');
    await consumeQuota(quota, '::ffff:198.51.100.4');
    await expect(consumeQuota(quota, '198.51.100.4')).rejects.toBeInstanceOf(RateLimitedError);
  });
});
