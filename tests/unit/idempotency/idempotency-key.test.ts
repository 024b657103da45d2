import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-errors';
import {
  type IdempotencyStore,
  MemoryIdempotencyStore,
  getIdempotencyStore,
  setIdempotencyStore,
} from '@/lib/stores/idempotency/idempotency-store';
import {
  fingerprintOf,
  idempotencyScope,
  readIdempotencyKey,
  runIdempotently,
  stableJson,
  stringValuesOf,
} from '@/lib/idempotency/idempotency-key';

const headers = (key?: string) => new Headers(key === undefined ? {} : { 'Idempotency-Key': key });

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${error.code}`;
    throw error;
  }
  return 'no error';
}

describe('readIdempotencyKey', () => {
  it('is undefined without the header, and the key itself with one', () => {
    expect(readIdempotencyKey(headers())).toBeUndefined();
    expect(readIdempotencyKey(headers('8e03978e-40d5-43e8-bc93-6894a57f9324'))).toBe(
      '8e03978e-40d5-43e8-bc93-6894a57f9324',
    );
    expect(readIdempotencyKey(headers('a'.repeat(255)))).toHaveLength(255);
    expect(readIdempotencyKey(headers('with inner space'))).toBe('with inner space');
  });

  it('reads the structured-field string form of the draft as the same key', () => {
    expect(readIdempotencyKey(headers('"abc-123"'))).toBe('abc-123');
    expect(readIdempotencyKey(headers('"a \\"quoted\\" key"'))).toBe('a "quoted" key');
  });

  it.each([
    ['empty', ''],
    ['only spaces', '   '],
    ['empty quotes', '""'],
    ['256 characters', 'k'.repeat(256)],
    ['non-ASCII', 'clé-ü'],
  ])('refuses a key that is %s with 400 INVALID_IDEMPOTENCY_KEY', (_label, key) => {
    let code = 'no error';
    try {
      readIdempotencyKey(new Headers([['Idempotency-Key', key]]));
    } catch (error) {
      if (error instanceof ApiError) code = `${error.status} ${error.code}`;
    }
    expect(code).toBe('400 INVALID_IDEMPOTENCY_KEY');
  });
});

describe('fingerprints', () => {
  it('do not depend on the order of keys, and differ for different values', () => {
    expect(stableJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}',
    );
    expect(fingerprintOf({ a: 1, b: 'x' })).toBe(fingerprintOf({ b: 'x', a: 1 }));
    expect(fingerprintOf({ a: 1, b: 'x' })).not.toBe(fingerprintOf({ a: 1, b: 'y' }));
    expect(fingerprintOf({ a: 1, b: undefined })).toBe(fingerprintOf({ a: 1 }));
    expect(fingerprintOf({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('runIdempotently', () => {
  let previous: IdempotencyStore;
  let now: number;
  let runs: number;
  const ok = (body: unknown) => async () => {
    runs += 1;
    return Response.json(body, { status: 200, headers: { 'Cache-Control': 'no-store' } });
  };

  beforeEach(() => {
    previous = getIdempotencyStore();
    now = 1_000_000;
    runs = 0;
    setIdempotencyStore(new MemoryIdempotencyStore(() => now));
  });
  afterEach(() => setIdempotencyStore(previous));

  it('runs once and replays the first answer for a repeat with the same fingerprint, marked as replayed', async () => {
    const first = await runIdempotently('tool:k1', 'fp', ok({ success: true, message: 'sent' }));
    expect(first.status).toBe(200);
    expect(first.headers.get('Idempotent-Replayed')).toBe('false');
    expect(first.headers.get('Cache-Control')).toBe('no-store');
    expect(await first.json()).toEqual({ success: true, message: 'sent' });
    const again = await runIdempotently('tool:k1', 'fp', ok({ success: true, message: 'second run' }));
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.headers.get('Content-Type')).toBe('application/json');
    expect(await again.json()).toEqual({ success: true, message: 'sent' });
    expect(runs).toBe(1);
  });

  it('remembers for 24 hours, then runs again', async () => {
    await runIdempotently('tool:k2', 'fp', ok({ n: 1 }));
    now += 24 * 3600 * 1000 - 1000;
    expect((await runIdempotently('tool:k2', 'fp', ok({ n: 2 }))).headers.get('Idempotent-Replayed')).toBe('true');
    now += 2000;
    const later = await runIdempotently('tool:k2', 'fp', ok({ n: 3 }));
    expect(later.headers.get('Idempotent-Replayed')).toBe('false');
    expect(await later.json()).toEqual({ n: 3 });
    expect(runs).toBe(2);
  });

  it('refuses the same key with another fingerprint with 422, and runs nothing', async () => {
    await runIdempotently('tool:k3', 'fp-a', ok({ n: 1 }));
    expect(await codeOf(runIdempotently('tool:k3', 'fp-b', ok({ n: 2 })))).toBe('422 IDEMPOTENCY_KEY_REUSED');
    expect(runs).toBe(1);
  });

  it('answers 409 with Retry-After while the first request with the key is still running', async () => {
    let finish: (response: Response) => void = () => {};
    const slow = runIdempotently('tool:k4', 'fp', () => new Promise<Response>((resolve) => (finish = resolve)));
    let caught: unknown;
    try {
      await runIdempotently('tool:k4', 'fp', ok({ n: 2 }));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect(caught instanceof ApiError && [caught.status, caught.code, caught.headers['Retry-After']]).toEqual([
      409,
      'IDEMPOTENCY_IN_PROGRESS',
      '5',
    ]);
    // A different body under a key in use is key reuse, not a wait.
    expect(await codeOf(runIdempotently('tool:k4', 'other', ok({})))).toBe('422 IDEMPOTENCY_KEY_REUSED');
    finish(Response.json({ n: 1 }));
    expect((await slow).status).toBe(200);
    expect(await (await runIdempotently('tool:k4', 'fp', ok({ n: 3 }))).json()).toEqual({ n: 1 });
    expect(runs).toBe(0);
  });

  it('forgets a failure, thrown or answered, so that a retry runs again', async () => {
    const thrown = runIdempotently('tool:k5', 'fp', async () => {
      runs += 1;
      throw new Error('mail server down');
    });
    await expect(thrown).rejects.toThrow('mail server down');
    const refused = await runIdempotently('tool:k5', 'fp', async () => {
      runs += 1;
      return Response.json({ error: {} }, { status: 502 });
    });
    expect(refused.status).toBe(502);
    expect(refused.headers.get('Idempotent-Replayed')).toBeNull();
    const retried = await runIdempotently('tool:k5', 'fp', ok({ n: 3 }));
    expect(retried.headers.get('Idempotent-Replayed')).toBe('false');
    expect(runs).toBe(3);
  });

  it('keeps keys apart', async () => {
    await runIdempotently('schedule_consultation:a', 'fp', ok({ n: 1 }));
    const other = await runIdempotently('schedule_consultation:b', 'fp', ok({ n: 2 }));
    expect(await other.json()).toEqual({ n: 2 });
    expect(runs).toBe(2);
  });
});

describe("an Idempotency-Key is its client's own, and its record keeps no personal data", () => {
  let previous: IdempotencyStore;
  const records = new Map<string, string>();
  beforeEach(() => {
    previous = getIdempotencyStore();
    const memory = new MemoryIdempotencyStore();
    setIdempotencyStore({
      claim: (key, fingerprint, ttl) => memory.claim(key, fingerprint, ttl),
      release: (key) => memory.release(key),
      complete: async (key, record, ttl) => {
        records.set(key, JSON.stringify(record));
        await memory.complete(key, record, ttl);
      },
    });
  });
  afterEach(() => setIdempotencyStore(previous));

  const KEY = 'shared-7f9c2b1e';
  const input = (email: string) => ({ client_name: 'Ada Quinn', client_email: email });
  const answer = (email: string) => async () =>
    Response.json({ success: true, message: `Ada Quinn will hear back at ${email}.` });
  const call = (client: string, email: string) =>
    runIdempotently(
      idempotencyScope('schedule_consultation', client, KEY),
      fingerprintOf(input(email)),
      answer(email),
      stringValuesOf(input(email)),
    );

  it('a stranger who uses the key first claims nothing of another client: each runs once', async () => {
    expect((await call('203.0.113.9', 'mallory@example.com')).headers.get('Idempotent-Replayed')).toBe('false');
    const own = await call('198.51.100.4', 'ada@quanta.example');
    expect(own.headers.get('Idempotent-Replayed')).toBe('false');
    expect((await own.json()).message).toContain('ada@quanta.example');
    // The same client (an IPv6 client by its /64) gets its own answer replayed.
    const v6 = (host: string) => call(`2001:db8:1:2::${host}`, 'ada@quanta.example');
    expect((await v6('1')).headers.get('Idempotent-Replayed')).toBe('false');
    expect((await v6('ffff')).headers.get('Idempotent-Replayed')).toBe('true');
  });

  it('stores neither the email nor the name nor the address, and replays them intact', async () => {
    await call('198.51.100.4', 'ada+"quoted"@quanta.example');
    const replay = await call('198.51.100.4', 'ada+"quoted"@quanta.example');
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await replay.json()).message).toBe('Ada Quinn will hear back at ada+"quoted"@quanta.example.');
    const stored = [...records.entries()].map(([key, record]) => `${key} ${record}`).join('\n');
    expect(stored).not.toMatch(/quanta|Ada|Quinn|198\.51/);
  });
});
