import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScheduleConsultationRequestSchema } from '../../../lib/agent/agent-schemas';
import type { RunningApp } from '../support/app';
import { startAppWithMail, stopAppWithMail } from '../support/app-with-mail';
import { MCP_ACCEPT, initializeBody } from '../support/http';
import { type TestSmtpServer, startSmtpServer } from '../support/smtp';

/**
 * Property-based fuzzing of every endpoint, REST and MCP, against one running built app with
 * quotas off and a real SMTP server on loopback that counts what it receives. For every request: never a 5xx;
 * under /api every error is the envelope (or, on /api/mcp, a JSON-RPC error); and in the end exactly one mail per
 * valid schedule request that was answered as sent. Each property is bounded in runs and in time.
 */
const SCHEDULE = '/api/agent/tools/schedule-consultation';
const EVALUATE = '/api/agent/tools/evaluate-client-needs';
const MCP = '/api/mcp';
const TIME_LIMIT_MS = 14_000;

let app: RunningApp;
let smtp: TestSmtpServer;
/** Mails the app said it sent: 200 answers from schedule (REST, not replayed) and successful MCP tool calls. */
const claimed = { rest: 0, mcp: 0 };
let requests = 0;
let session = '';

// ---------- generators ----------

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 40,
});
/** Header values fetch can send: printable Latin-1, no line breaks. */
const headerValue = fc.oneof(
  printable,
  fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((code) => code < 0x7f || code > 0x9f)
      .map((code) => String.fromCharCode(code)),
    maxLength: 30,
  }),
  fc.constant(''),
);
const text = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    'a\r\nBcc: x@y.z',
    '<script>alert(1)</script>',
    '\u0000',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    'x'.repeat(5000),
    'priya@example.com',
  ),
);
const anyJson = fc.jsonValue({ maxDepth: 3 });
/** Addresses the schema accepts (fast-check's own emailAddress() is mostly RFC 5322 oddities it refuses). */
const plainEmail = fc.stringMatching(
  /^[a-z0-9]{1,12}([._+-][a-z0-9]{1,8})?@[a-z0-9]{1,12}(-[a-z0-9]{1,5})?\.(com|example|io|dev)$/,
);
const scheduleBody = fc.record(
  {
    client_name: fc.oneof(text, anyJson),
    client_email: fc.oneof(plainEmail, fc.emailAddress(), text, anyJson),
    preferred_time: fc.oneof(text, anyJson),
    project_context: fc.oneof(text, anyJson),
    technology_sector: fc.oneof(text, anyJson),
    extra: anyJson,
  },
  { requiredKeys: [] },
);
/** Mostly valid schedule requests, so that the mail path is really taken. */
const validSchedule = fc.record(
  {
    client_name: fc.stringMatching(/^[A-Za-zÀ-ÿ' .-]{1,40}$/).filter((name) => name.trim() !== ''),
    client_email: plainEmail,
    preferred_time: fc.stringMatching(/^[\w ,:-]{1,40}$/).filter((value) => value.trim() !== ''),
    project_context: fc.string({ minLength: 1, maxLength: 200 }).filter((value) => value.trim() !== ''),
    technology_sector: fc.constantFrom('fintech', 'saas', 'biotech', 'developer tools'),
  },
  { requiredKeys: ['client_name', 'client_email'] },
);
const evaluateBody = fc.record(
  { challenges: fc.oneof(text, anyJson), technology_sector: fc.oneof(text, anyJson) },
  { requiredKeys: [] },
);
const body = fc.oneof(
  { weight: 3, arbitrary: anyJson.map((value) => JSON.stringify(value)) },
  { weight: 3, arbitrary: scheduleBody.map((value) => JSON.stringify(value)) },
  { weight: 3, arbitrary: validSchedule.map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: evaluateBody.map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.string({ maxLength: 200 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      '{',
      '{"a":',
      'null',
      '[]',
      '"x"',
      '\u0000\u0001',
      '{"__proto__":{"x":1}}',
      `{"challenges":"${'a'.repeat(20_000)}"}`,
    ),
  },
);
const contentType = fc.oneof(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/vnd.api+json',
    'text/plain',
    'multipart/form-data; boundary=x',
    'application/x-www-form-urlencoded',
  ),
  headerValue,
);
const accept = fc.oneof(
  fc.constantFrom(
    '*/*',
    'application/json',
    'text/markdown',
    'text/vcard',
    'text/event-stream',
    'application/json, text/event-stream',
    'text/html;q=0',
    'image/png',
  ),
  headerValue,
);
const idempotencyKey = fc.oneof(fc.constantFrom('k-1', 'k-2', 'k-3'), headerValue);
const optionalHeaders = fc.record(
  {
    'content-type': contentType,
    accept,
    'idempotency-key': idempotencyKey,
    'mcp-protocol-version': fc.oneof(fc.constantFrom('2025-03-26', '2025-06-18', '1999-01-01'), headerValue),
    'x-forwarded-for': headerValue,
    'x-forwarded-host': headerValue,
    'next-action': headerValue,
    rsc: fc.constantFrom('1', '0'),
    origin: headerValue,
  },
  { requiredKeys: [] },
);

const restPath = fc.oneof(
  fc.constantFrom(
    '/api/agent',
    '/api/agent/resources/bio',
    '/api/agent/resources/case-studies',
    '/api/agent/resources/engagements',
    '/api/agent/resources/contact-card',
    SCHEDULE,
    EVALUATE,
    '/mcp.json',
    '/openapi.json',
    '/llms.txt',
  ),
  fc.webSegment().map((segment) => `/api/agent/resources/${segment}`),
  fc.webSegment().map((segment) => `/api/agent/tools/${segment}`),
  fc.webPath().map((path) => `/api${path.startsWith('/') ? path : `/${path}`}`),
  fc.constantFrom(
    '/api/agent/resources/%00',
    '/api/agent/resources/..%2f..%2fpackage.json',
    '/api/agent/tools/schedule_consultation',
    '/api/%ff',
    '/api/agent/resources/bio/extra',
    '/api//agent',
  ),
);
const pagePath = fc.oneof(
  fc.constantFrom(
    '/',
    '/about',
    '/contact',
    '/agents',
    '/engagements',
    '/case-studies',
    '/index.md',
    '/about.md',
    '/sitemap.xml',
    '/robots.txt',
    '/.well-known/api-catalog',
    '/llms-full.txt',
  ),
  fc.webPath(),
  fc.webSegment().map((segment) => `/case-studies/${segment}`),
  fc.webSegment().map((segment) => `/engagements/${segment}.md`),
);
const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS');

// ---------- the checks ----------

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

async function send(request: Sent): Promise<{ status: number; headers: Headers; text: string }> {
  requests += 1;
  const hasBody = request.body !== undefined && request.method !== 'GET' && request.method !== 'HEAD';
  const response = await fetch(`${app.url}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : undefined,
    redirect: 'manual',
    signal: AbortSignal.timeout(20_000),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

function isEnvelope(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error: unknown = value.error;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string' &&
    'resolution' in error &&
    typeof error.resolution === 'string' &&
    Object.keys(value).length === 1
  );
}

function isJsonRpcError(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    'jsonrpc' in value &&
    value.jsonrpc === '2.0' &&
    'error' in value &&
    typeof value.error === 'object' &&
    value.error !== null &&
    'code' in value.error &&
    Number.isInteger(value.error.code)
  );
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The rules every answer obeys, whatever was sent. */
function checkAnswer(request: Sent, answer: { status: number; headers: Headers; text: string }): void {
  const where = `${request.method} ${request.path} ${JSON.stringify(request.headers)} ${request.body?.slice(0, 300) ?? ''}`;
  expect(answer.status, where).toBeLessThan(500);
  if (!request.path.startsWith('/api/') || request.method === 'HEAD' || answer.status < 400) return;
  const body = parse(answer.text);
  const ok = isEnvelope(body) || (request.path.split('?')[0] === MCP && isJsonRpcError(body));
  expect(ok, `${where}\n=> ${answer.status} ${answer.text.slice(0, 300)}`).toBe(true);
}

/** Counts the mails an answer says were sent, and checks each was asked for with a valid request. */
function countClaimedMails(request: Sent, answer: { status: number; headers: Headers; text: string }): void {
  if (request.path === SCHEDULE && request.method === 'POST' && answer.status === 200) {
    expect(ScheduleConsultationRequestSchema.safeParse(parse(request.body ?? '')).success, request.body).toBe(true);
    if (answer.headers.get('idempotent-replayed') !== 'true') claimed.rest += 1;
  }
  if (request.path === MCP && request.method === 'POST' && answer.status === 200) {
    // An answer sent as an event stream carries its JSON-RPC messages on `data:` lines.
    const bodies = (answer.headers.get('content-type') ?? '').startsWith('text/event-stream')
      ? answer.text
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => parse(line.slice(5).trim()))
      : [parse(answer.text)];
    for (const message of bodies.flatMap((body) => (Array.isArray(body) ? body : [body]))) {
      const result: unknown =
        typeof message === 'object' && message !== null && 'result' in message ? message.result : undefined;
      if (typeof result !== 'object' || result === null || ('isError' in result && result.isError)) continue;
      const structured: unknown = 'structuredContent' in result ? result.structuredContent : undefined;
      if (
        typeof structured === 'object' &&
        structured !== null &&
        'success' in structured &&
        structured.success === true
      )
        claimed.mcp += 1;
    }
  }
}

async function newSession(): Promise<string> {
  const response = await fetch(`${app.url}${MCP}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: MCP_ACCEPT },
    body: initializeBody('fuzz'),
  });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  return response.headers.get('mcp-session-id') ?? '';
}

async function run(request: Sent): Promise<void> {
  const answer = await send(request);
  checkAnswer(request, answer);
  countClaimedMails(request, answer);
}

const bounded = (numRuns: number) => ({
  numRuns,
  interruptAfterTimeLimit: TIME_LIMIT_MS,
  markInterruptAsFailure: false,
});

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail(startSmtpServer, {
    RATE_LIMIT_PER_MINUTE: '0',
    SCHEDULE_LIMIT_PER_HOUR: '0',
  }));
  session = await newSession();
});
afterAll(() => stopAppWithMail(app, smtp));

describe('fuzzing every endpoint of the running app', () => {
  it('REST: random methods, paths, headers and bodies never give a 5xx, and every API error is the envelope', async () => {
    await fc.assert(
      fc.asyncProperty(method, restPath, optionalHeaders, body, async (verb, path, headers, payload) => {
        await run({ method: verb, path, headers, body: payload });
      }),
      bounded(1400),
    );
  }, 60_000);

  it('the tools: random bodies under every content type; mail only for valid schedule requests', async () => {
    const tool = fc.constantFrom(SCHEDULE, SCHEDULE, EVALUATE);
    // Headers a real agent might send, so that many requests get through and the mail path is really taken.
    const agentHeaders = fc.record(
      {
        'content-type': fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain'),
        accept: fc.constantFrom('application/json', '*/*', 'text/html'),
        'idempotency-key': fc.oneof(fc.constantFrom('k-1', 'k-2', 'k-3'), fc.uuid(), headerValue),
        'x-forwarded-for': headerValue,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(tool, agentHeaders, body, async (path, headers, payload) => {
        await run({ method: 'POST', path, headers: { 'content-type': 'application/json', ...headers }, body: payload });
      }),
      bounded(900),
    );
  }, 60_000);

  it('MCP: random JSON-RPC messages, batches and session headers never give a 5xx; errors are JSON-RPC or the envelope', async () => {
    const rpcMethod = fc.oneof(
      fc.constantFrom(
        'initialize',
        'ping',
        'tools/list',
        'tools/call',
        'resources/list',
        'resources/read',
        'resources/templates/list',
        'prompts/list',
        'prompts/get',
        'notifications/initialized',
        'completion/complete',
        'logging/setLevel',
      ),
      printable,
    );
    const params = fc.oneof(
      anyJson,
      fc.record({
        name: fc.constantFrom('schedule_consultation', 'evaluate_client_needs', 'nope'),
        arguments: fc.oneof(scheduleBody, validSchedule, evaluateBody, anyJson),
      }),
      fc.record({
        uri: fc.oneof(
          fc.constantFrom(
            'consultancy://resources/bio',
            'consultancy://resources/contact-card',
            'consultancy://resources/x',
            'file:///etc/passwd',
          ),
          text,
        ),
      }),
      fc.record({
        name: fc.constantFrom('qualify_client', 'draft_consultation_request', 'nope'),
        arguments: fc.dictionary(printable, fc.oneof(text, anyJson)),
      }),
      fc.record({
        protocolVersion: fc.oneof(fc.constantFrom('2025-03-26', '2024-11-05'), text),
        capabilities: anyJson,
        clientInfo: anyJson,
      }),
    );
    const message = fc.record(
      {
        jsonrpc: fc.oneof(fc.constant('2.0'), anyJson),
        id: fc.oneof(fc.integer(), printable, fc.constant(null), anyJson),
        method: rpcMethod,
        params,
      },
      { requiredKeys: ['jsonrpc', 'method'] },
    );
    // Well-formed tool calls with random arguments, so that the tools themselves are reached.
    const toolCall = fc.record({
      jsonrpc: fc.constant('2.0'),
      id: fc.integer({ min: 1, max: 1e6 }),
      method: fc.constant('tools/call'),
      params: fc.record({
        name: fc.constantFrom('schedule_consultation', 'evaluate_client_needs'),
        arguments: fc.oneof(
          { weight: 3, arbitrary: validSchedule },
          { weight: 1, arbitrary: scheduleBody },
          { weight: 1, arbitrary: evaluateBody },
        ),
      }),
    });
    const payload = fc.oneof(
      { weight: 4, arbitrary: toolCall.map((value) => JSON.stringify(value)) },
      { weight: 6, arbitrary: message.map((value) => JSON.stringify(value)) },
      { weight: 2, arbitrary: fc.array(message, { minLength: 0, maxLength: 4 }).map((value) => JSON.stringify(value)) },
      { weight: 2, arbitrary: body },
    );
    const sessionHeader = fc.oneof(
      { weight: 5, arbitrary: fc.constant('valid') },
      { weight: 1, arbitrary: fc.constant('none') },
      { weight: 1, arbitrary: headerValue },
      { weight: 1, arbitrary: fc.constant('A'.repeat(43)) },
    );
    const verb = fc.constantFrom('POST', 'POST', 'POST', 'POST', 'GET', 'DELETE', 'PUT');
    // Mostly what a real client sends, so that calls reach the tools; sometimes anything at all.
    const mcpHeaders = fc.oneof(
      { weight: 3, arbitrary: fc.record({ 'mcp-protocol-version': fc.constant('2025-03-26') }, { requiredKeys: [] }) },
      { weight: 1, arbitrary: optionalHeaders },
    );
    await fc.assert(
      fc.asyncProperty(verb, sessionHeader, mcpHeaders, payload, async (httpMethod, which, headers, json) => {
        const sent: Record<string, string> = {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        };
        if (which === 'valid') sent['mcp-session-id'] = session;
        else if (which !== 'none') sent['mcp-session-id'] = which;
        const request = { method: httpMethod, path: MCP, headers: sent, body: json };
        const answer = await send(request);
        checkAnswer(request, answer);
        countClaimedMails(request, answer);
        // A fuzzed DELETE may end the session; start another so the rest still reach the tools.
        if (which === 'valid' && answer.status === 404) session = await newSession();
      }),
      bounded(1200),
    );
  }, 60_000);

  it('pages and files: random paths and methods never give a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        method,
        pagePath,
        optionalHeaders,
        fc.option(body, { nil: undefined }),
        async (verb, path, headers, payload) => {
          // Known gap, left out on purpose and named in docs/serving.md, "Known gaps": a malformed multipart body
          // posted to /contact (the one page with a form) makes Next's own form-action decoder fail with 500. Every
          // other path refuses multipart posts before Next (lib/security/server-actions.ts).
          const multipart = Object.entries(headers).some(
            ([name, value]) => name.toLowerCase() === 'content-type' && String(value).startsWith('multipart/'),
          );
          fc.pre(!(verb === 'POST' && path.replace(/\/+$/, '') === '/contact' && multipart));
          await run({ method: verb, path, headers, body: payload });
        },
      ),
      bounded(600),
    );
  }, 60_000);

  it('in all, thousands of requests were sent, and exactly the mails claimed as sent arrived', async () => {
    const mails = claimed.rest + claimed.mcp;
    console.info(
      `fuzz: ${requests} requests; ${claimed.rest} mails claimed over REST and ${claimed.mcp} over MCP; ${smtp.received.length} received`,
    );
    expect(requests).toBeGreaterThanOrEqual(2000);
    // Both doors were really taken, so the count below means something.
    expect(claimed.rest).toBeGreaterThan(20);
    expect(claimed.mcp).toBeGreaterThan(5);
    // Give a last delivery a moment to be counted, bounded.
    const deadline = Date.now() + 3000;
    while (smtp.received.length < mails && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(smtp.received).toHaveLength(mails);
    expect(app.output()).not.toMatch(/unexpected error|Failed to handle request|⨯/);
  });
});
