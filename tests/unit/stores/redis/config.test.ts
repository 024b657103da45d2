import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@/lib/config/env';

describe('REDIS_URL', () => {
  it('is optional, and empty counts as unset', () => {
    expect(parseConfig({}).REDIS_URL).toBeUndefined();
    expect(parseConfig({ REDIS_URL: '' }).REDIS_URL).toBeUndefined();
  });

  it.each(['redis://127.0.0.1:6379', 'rediss://default:secret@cache.example:6380/0', 'redis://localhost'])(
    'accepts %s',
    (url) => {
      expect(parseConfig({ REDIS_URL: url }).REDIS_URL).toBe(url);
    },
  );

  it.each(['http://cache.example:6379', 'localhost:6379', 'redis//localhost', 'cache'])(
    'refuses %s, naming the variable',
    (url) => {
      expect(() => parseConfig({ REDIS_URL: url })).toThrow(ConfigError);
      expect(() => parseConfig({ REDIS_URL: url })).toThrow(/REDIS_URL=.*expected a redis:\/\/ or rediss:\/\/ URL/);
    },
  );
});
