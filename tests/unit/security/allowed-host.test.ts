import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@/lib/config/env';
import { ApiError } from '@/lib/api-errors';
import { forbiddenHostError, hostNameOf, isAllowedHost } from '@/lib/security/allowed-host';
import { machineAddresses } from '@/lib/security/machine-addresses';

const SITE = 'https://plainword.example';
const OWN = ['127.0.0.1', '10.1.2.3', '::1', 'fe80::1%eth0'];

describe('which Host headers are this site', () => {
  it.each([
    ['plainword.example', { siteUrl: SITE }],
    ['PlainWord.Example:443', { siteUrl: SITE }],
    ['plainword.example.', { siteUrl: SITE }],
    ['localhost:3000', { siteUrl: SITE }],
    ['127.0.0.1:8080', { siteUrl: SITE }],
    ['[::1]:3000', { siteUrl: SITE }],
    ['localhost', {}],
    ['10.1.2.3:3000', { ownAddresses: OWN }],
    ['[fe80::1]:3000', { ownAddresses: OWN }],
    ['proxy.example:8443', { siteUrl: SITE, allowedHosts: ['proxy.example'] }],
    ['www.plainword.example', { siteUrl: SITE, allowedHosts: ['www.plainword.example', 'proxy.example'] }],
  ])('%s is allowed (%j)', (host, options) => {
    expect(isAllowedHost(host, options)).toBe(true);
  });

  it.each([
    ['evil.example', { siteUrl: SITE }],
    ['plainword.example.evil.example', { siteUrl: SITE }],
    ['10.1.2.3:3000', { siteUrl: SITE, ownAddresses: OWN }],
    ['10.1.2.3', {}],
    ['192.168.0.9', { ownAddresses: OWN }],
    ['localhost.evil.example', {}],
    ['plainword.example/path', { siteUrl: SITE }],
    ['user@plainword.example', { siteUrl: SITE }],
    ['', { siteUrl: SITE }],
    [null, { siteUrl: SITE }],
    [undefined, {}],
  ])('%s is refused (%j)', (host, options) => {
    expect(isAllowedHost(host, options)).toBe(false);
  });

  it('reads a host name from a Host value: lower case, no port, IPv6 in brackets', () => {
    expect(hostNameOf('Example.COM:80')).toBe('example.com');
    expect(hostNameOf('[::1]:3000')).toBe('[::1]');
    expect(hostNameOf('a b')).toBeUndefined();
  });

  it("this machine's addresses include a loopback one", () => {
    expect(machineAddresses()).toContain('127.0.0.1');
  });
});

describe('the refusal', () => {
  it('is a 403 FORBIDDEN_HOST envelope that says what to do', () => {
    const error = forbiddenHostError('evil.example');
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(403);
    expect(error.toBody().error.code).toBe('FORBIDDEN_HOST');
    expect(error.message).toContain('"evil.example"');
    expect(error.resolution).toContain('ALLOWED_HOSTS');
  });
});

describe('ALLOWED_HOSTS', () => {
  it('is a comma-separated list of host names, empty by default', () => {
    expect(parseConfig({}).ALLOWED_HOSTS).toEqual([]);
    expect(parseConfig({ ALLOWED_HOSTS: ' Proxy.example, www.plainword.example ,' }).ALLOWED_HOSTS).toEqual([
      'proxy.example',
      'www.plainword.example',
    ]);
  });

  it('refuses a URL or a host with a port, naming the variable', () => {
    for (const bad of ['https://proxy.example', 'proxy.example:8080', 'proxy.example/path']) {
      expect(() => parseConfig({ ALLOWED_HOSTS: bad })).toThrow(ConfigError);
      expect(() => parseConfig({ ALLOWED_HOSTS: bad })).toThrow(/ALLOWED_HOSTS=/);
    }
  });
});
