import { describe, expect, it } from 'vitest';
import { parseServeOptions } from '@/lib/config/serve-options';

describe("npm start takes next start's options", () => {
  it.each([
    [[], {}, { port: 3000, hostname: undefined }],
    [[], { PORT: '8080' }, { port: 8080, hostname: undefined }],
    [['-p', '4000'], { PORT: '8080' }, { port: 4000, hostname: undefined }],
    [['--port', '4001', '-H', '127.0.0.1'], {}, { port: 4001, hostname: '127.0.0.1' }],
    [['--port=4002', '--hostname=::1'], {}, { port: 4002, hostname: '::1' }],
    [[], { PORT: '' }, { port: 3000, hostname: undefined }],
  ])('%j with %j', (args, env, expected) => {
    expect(parseServeOptions(args, env)).toEqual(expected);
  });

  it.each([
    [['-p', 'abc'], /^-p must be a port number from 0 to 65535; got abc\.$/],
    [['--port', '70000'], /^--port must be a port number/],
    [['--turbo'], /Unknown argument --turbo/],
    [['-H'], /needs a value/],
  ])('refuses %j with a message naming it', (args, message) => {
    expect(() => parseServeOptions(args, {})).toThrow(message);
  });
});
