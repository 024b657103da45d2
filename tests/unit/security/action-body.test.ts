import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readNodeBody } from '@/lib/http/body';
import { actionBodyKind, checkActionBody, replayRequest } from '@/lib/security/action-body';

/**
 * The bodies Next decodes as a Server Action are read and checked before Next sees them, since Next
 * answers one it cannot decode with a 500 (tests/integration/security/request-guard.test.ts runs them against the app).
 */
const MULTIPART = 'multipart/form-data; boundary=x';
const part = (name: string, value: string) =>
  `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const multipart = (...parts: string[]) => Buffer.from(`${parts.join('')}--x--\r\n`);

describe('which requests have their body checked', () => {
  it.each([
    ['POST', '/contact', { 'content-type': MULTIPART }, 'form'],
    ['POST', '/contact/', { 'content-type': 'Multipart/Form-Data; boundary=x' }, 'form'],
    ['POST', '/contact', { 'content-type': MULTIPART, 'next-action': 'abc' }, 'form'],
    ['POST', '/contact', { 'content-type': 'text/plain;charset=UTF-8', 'next-action': 'abc' }, 'reply'],
    ['POST', '/', { 'next-action': 'abc' }, 'reply'],
  ])('%s %s %j: %s', (method, target, headers, kind) => {
    expect(actionBodyKind(method, target, headers)).toBe(kind);
  });

  it.each([
    ['GET', '/contact', { 'content-type': MULTIPART }],
    ['POST', '/contact', { 'content-type': 'application/json' }],
    ['POST', '/contact', {}],
    ['POST', '/api/agent/tools/schedule-consultation', { 'content-type': MULTIPART }],
    ['POST', '/api/mcp', { 'next-action': 'abc' }],
    ['POST', '/_next/image', { 'content-type': MULTIPART }],
  ])('%s %s %j: left alone', (method, target, headers) => {
    expect(actionBodyKind(method, target, headers)).toBeUndefined();
  });
});

describe('checkActionBody', () => {
  it('passes a well-formed form posted without JavaScript, whatever its fields', async () => {
    expect(
      await checkActionBody('form', { 'content-type': MULTIPART }, multipart(part('client_name', 'Mo'))),
    ).toBeUndefined();
    expect(await checkActionBody('form', { 'content-type': MULTIPART }, multipart())).toBeUndefined();
  });

  it.each([
    ['no boundary', 'multipart/form-data', multipart(part('a', 'b'))],
    ['a body that is not multipart', MULTIPART, Buffer.from('{}')],
    ['a body cut short', MULTIPART, Buffer.from(part('a', 'b'))],
    ['another boundary', 'multipart/form-data; boundary=y', multipart(part('a', 'b'))],
  ])('refuses %s with 400', async (_label, contentType, body) => {
    const refusal = await checkActionBody('form', { 'content-type': contentType }, body);
    expect(refusal?.status).toBe(400);
    expect(refusal?.message).toMatch(/not well-formed multipart\/form-data\. Nothing was sent\./);
  });

  it('passes a Next-Action call whose arguments are a JSON list, multipart or not', async () => {
    const call = { 'content-type': MULTIPART, 'next-action': 'abc' };
    expect(
      await checkActionBody('form', call, multipart(part('0', '[{},"$K1"]'), part('1_client_name', 'Mo'))),
    ).toBeUndefined();
    expect(await checkActionBody('reply', { 'next-action': 'abc' }, Buffer.from('[]'))).toBeUndefined();
    expect(await checkActionBody('reply', { 'next-action': 'abc' }, Buffer.from('[null,{"a":1}]'))).toBeUndefined();
  });

  it.each([
    ['form', multipart(part('client_name', 'Mo'))],
    ['form', multipart(part('0', '{"a":1}'))],
    ['form', multipart(part('0', 'not json'))],
    ['reply', Buffer.from('garbage')],
    ['reply', Buffer.from('{}')],
    ['reply', Buffer.from('"x"')],
    ['reply', Buffer.from('')],
  ] as const)('refuses a Next-Action call (%s) whose arguments are not a JSON list: %s', async (kind, body) => {
    const refusal = await checkActionBody(
      kind,
      { 'content-type': kind === 'form' ? MULTIPART : 'text/plain', 'next-action': 'abc' },
      body,
    );
    expect(refusal?.status).toBe(400);
    expect(refusal?.message).toMatch(/not a JSON list/);
  });
});

describe('reading a body and handing it on', () => {
  let server: http.Server;
  let url = '';
  const limit = 64;
  beforeAll(async () => {
    server = http.createServer(async (request, response) => {
      const body = await readNodeBody(request, limit);
      if (!body || body.length > limit) return void response.writeHead(413).end(`too large: ${body?.length}`);
      // What Next would get: a request with the same method, target and headers whose body can be read again.
      const replay = replayRequest(request, body);
      const chunks: Buffer[] = [];
      for await (const chunk of replay) chunks.push(chunk as Buffer);
      response.end(
        JSON.stringify({
          method: replay.method,
          url: replay.url,
          type: replay.headers['content-type'],
          body: Buffer.concat(chunks).toString(),
          same: replay.socket === request.socket,
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('gives the next reader the same request with the whole body', async () => {
    const response = await fetch(`${url}/contact?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'a'.repeat(limit),
    });
    expect(await response.json()).toEqual({
      method: 'POST',
      url: '/contact?x=1',
      type: 'text/plain',
      body: 'a'.repeat(limit),
      same: true,
    });
  });

  it('stops one byte past the limit, however much more comes', async () => {
    for (const length of [limit + 1, limit * 1000]) {
      const response = await fetch(`${url}/contact`, { method: 'POST', body: 'a'.repeat(length) });
      expect(response.status).toBe(413);
      expect(await response.text()).toBe(`too large: ${limit + 1}`);
    }
  });
});
