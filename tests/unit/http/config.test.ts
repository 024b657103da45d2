import { describe, expect, it } from 'vitest';
import { ConfigError, hideUrlPassword, parseConfig } from '@/lib/config/env';

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    expect(parseConfig({})).toMatchObject({
      SMTP_SECURE: false,
      RATE_LIMIT_PER_MINUTE: 300,
      SCHEDULE_LIMIT_PER_HOUR: 5,
      OUTBOX_DIR: '.data/outbox',
      TRUST_PROXY: false,
    });
  });

  it('treats empty variables as unset', () => {
    const config = parseConfig({ SMTP_HOST: '', SITE_URL: '', MAIL_TO: '' });
    expect([config.SMTP_HOST, config.SITE_URL, config.MAIL_TO]).toEqual([undefined, undefined, undefined]);
  });

  it.each([
    [{ SMTP_PORT: 'abc' }, 'SMTP_PORT="abc": expected a port number'],
    [{ SMTP_PORT: '70000' }, 'SMTP_PORT="70000": expected a port from 1 to 65535'],
    [{ SMTP_SECURE: 'maybe' }, 'SMTP_SECURE="maybe": expected true or false'],
    [{ MAIL_TO: 'nobody' }, 'MAIL_TO="nobody": expected an email address'],
    [{ SCHEDULE_LIMIT_PER_HOUR: '2.5' }, 'SCHEDULE_LIMIT_PER_HOUR="2.5": expected a whole number'],
    [{ SMTP_HOST: 'smtp.example.com', SMTP_USER: 'me' }, 'SMTP_PASS="": required when SMTP_HOST is set'],
  ])('%o is refused, naming the variable', (env, line) => {
    try {
      parseConfig(env);
      expect.unreachable('parseConfig should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.some((problem) => problem.startsWith(line))).toBe(true);
    }
  });
});

describe('configuration errors never print a secret', () => {
  it('hides passwords and the password inside a URL', () => {
    try {
      parseConfig({
        SMTP_HOST: 'smtp.example.com',
        SMTP_USER: 'me',
        SMTP_PASS: 'hunter2',
        SMTP_PORT: 'x',
        REDIS_URL: 'http://user:s3cret@redis.example:6379',
      });
      expect.unreachable('parseConfig should have thrown');
    } catch (error) {
      const text = (error as ConfigError).message;
      expect(text).toContain('REDIS_URL="http://user:(hidden)@redis.example:6379"');
      expect(text).not.toContain('s3cret');
      expect(text).not.toContain('hunter2');
    }
  });

  it.each([
    [
      'a / in the password',
      'redis://default:pa/ss:w0rd@redis.example:6379',
      'redis://default:(hidden)@redis.example:6379',
    ],
    ['a # and an @ in it', 'redis://default:p#a@ss@redis.example', 'redis://default:(hidden)@redis.example'],
    ['a password without a user', 'rediss://:pa/ss@redis.example', 'rediss://:(hidden)@redis.example'],
    ['no user name at all', 'redis://pa/ss@redis.example', 'redis://(hidden)@redis.example'],
  ])('hides a URL password with %s, even in a URL that does not parse', (_, url, shown) => {
    // An http:// URL is refused, so the error line shows the value.
    const refused = (value: string) => value.replace(/^rediss?:/, 'http:');
    expect(() => parseConfig({ REDIS_URL: refused(url) })).toThrow(refused(shown));
    expect(hideUrlPassword(url)).toBe(shown);
    expect(hideUrlPassword('redis://localhost:6379/0')).toBe('redis://localhost:6379/0');
  });
});

describe('empty variables', () => {
  it('count as unset, numbers and booleans included', () => {
    const config = parseConfig({ SMTP_PORT: '', RATE_LIMIT_PER_MINUTE: '', SMTP_SECURE: '' });
    expect([config.SMTP_PORT, config.RATE_LIMIT_PER_MINUTE, config.SMTP_SECURE]).toEqual([undefined, 300, false]);
  });
});
