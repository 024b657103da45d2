import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appWithMailForThisFile } from '../support/app-for-file';
import { postSchedule } from '../support/redis';
import { startSmtpServer } from '../support/smtp';

// TRUST_PROXY: each call's client is the last X-Forwarded-For entry, so one test plays two clients.
const served = appWithMailForThisFile(startSmtpServer, { TRUST_PROXY: 'true' });
const from = (address: string) => ({ 'X-Forwarded-For': address });

describe('an Idempotency-Key belongs to the client that sent it', () => {
  it("a stranger who claims someone's key first neither blocks nor replays their request", async () => {
    const key = randomUUID();
    const mallory = { client_name: 'Mallory', client_email: 'mallory@example.com' };
    const ada = { client_name: 'Ada Quinn', client_email: 'ada@quanta.example' };
    const before = served.smtp.received.length;

    const first = await postSchedule(served.app.url, mallory, { 'Idempotency-Key': key, ...from('203.0.113.5') });
    expect(first.status).toBe(200);
    const own = await postSchedule(served.app.url, ada, { 'Idempotency-Key': key, ...from('198.51.100.9') });
    expect(own.status).toBe(200);
    expect(own.headers.get('idempotent-replayed')).toBe('false');
    expect((await own.json()).message).toContain('ada@quanta.example');
    expect(served.smtp.received.length).toBe(before + 2);

    // Ada's own retry is replayed, with her address put back in the answer, and mails nothing.
    const retry = await postSchedule(served.app.url, ada, { 'Idempotency-Key': key, ...from('198.51.100.9') });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await retry.json()).message).toContain('ada@quanta.example');
    expect(served.smtp.received.length).toBe(before + 2);
  });
});
