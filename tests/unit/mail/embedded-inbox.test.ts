import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES, embeddedInbox, outboxFileName, pruneOutbox } from '@/lib/mail/embedded-inbox';

/** Speaks SMTP line by line, as a client that ignores the SIZE the server announces; the server's replies. */
async function sendRaw(port: number, user: string, pass: string, body: string): Promise<string[]> {
  const socket = net.connect(port, '127.0.0.1');
  const replies: string[] = [];
  let buffer = '';
  let waiting: (() => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    // A complete reply ends with a line whose code is followed by a space.
    if (/(^|\r\n)\d{3} [^\r\n]*\r\n$/.test(buffer)) {
      replies.push(buffer.trim());
      buffer = '';
      waiting?.();
    }
  });
  const reply = () => new Promise<void>((resolve) => (waiting = resolve));
  const say = async (line: string) => {
    const next = reply();
    socket.write(line);
    await next;
  };
  await reply();
  await say('EHLO test\r\n');
  await say(`AUTH PLAIN ${Buffer.from(`\0${user}\0${pass}`).toString('base64')}\r\n`);
  await say('MAIL FROM:<a@example.com>\r\n');
  await say('RCPT TO:<b@example.com>\r\n');
  await say('DATA\r\n');
  await say(`Subject: big\r\n\r\n${body}\r\n.\r\n`);
  socket.end('QUIT\r\n');
  return replies;
}

describe('the embedded inbox', () => {
  // An outbox that was there open to all, as an older version left it.
  const wideOutbox = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-')), 'outbox');
  fs.mkdirSync(wideOutbox);
  fs.chmodSync(wideOutbox, 0o755);

  it('refuses a message past its size limit and keeps nothing of it, and keeps one within it', async () => {
    const inbox = await embeddedInbox(wideOutbox);
    const line = `${'x'.repeat(998)}\r\n`;
    const big = await sendRaw(
      inbox.port,
      inbox.user,
      inbox.pass,
      line.repeat(Math.ceil(MAX_MESSAGE_BYTES / 1000) + 50),
    );
    expect(big.at(-1)).toMatch(/^552 /);
    const small = await sendRaw(inbox.port, inbox.user, inbox.pass, line.repeat(10));
    expect(small.at(-1)).toMatch(/^250 /);
    const kept = fs.readdirSync(inbox.outboxDir);
    expect(kept.filter((name) => name.endsWith('.eml'))).toHaveLength(1);
    expect(kept.filter((name) => name.endsWith('.part'))).toHaveLength(0);
  });

  it("keeps its folder and its mails (live sign-in links) for the server's user alone", async () => {
    const inbox = await embeddedInbox(wideOutbox);
    const reply = await sendRaw(inbox.port, inbox.user, inbox.pass, 'A sign-in link');
    const kept = path.join(inbox.outboxDir, reply.at(-1)?.split('Kept as ')[1] ?? '');
    expect(fs.statSync(kept).mode & 0o777).toBe(0o600);
    expect(fs.statSync(inbox.outboxDir).mode & 0o777).toBe(0o700);
  });

  it('forgets mails older than the retention', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    const now = Date.now();
    for (const [name, ageDays] of [
      ['old.eml', 31],
      ['recent.eml', 29],
      ['notes.txt', 400],
    ] as const) {
      fs.writeFileSync(path.join(dir, name), 'x');
      const at = new Date(now - ageDays * 86_400_000);
      fs.utimesSync(path.join(dir, name), at, at);
    }
    pruneOutbox(dir, 30, now);
    expect(fs.readdirSync(dir).sort()).toEqual(['notes.txt', 'recent.eml']);
  });
});

describe("an outbox file's name", () => {
  const now = new Date('2026-11-25T18:37:48.123Z');

  it('is the day and the reference of a consultation mail', () => {
    const head = 'Subject: x\r\nX-Consultation-Reference: 261125-7K2M9X\r\n\r\nbody';
    expect(outboxFileName(head, now)).toBe('2026-11-25_261125-7K2M9X.eml');
  });

  it('is the day and time for any other mail, and never takes a name from a malformed reference or the body', () => {
    for (const head of [
      'Subject: digest\r\n\r\nX-Consultation-Reference: 261125-7K2M9X',
      'X-Consultation-Reference: ../../etc/passwd\r\n\r\n',
      'X-Consultation-Reference: 261125-7K2M9X/x\r\n\r\n',
    ])
      expect(outboxFileName(head, now)).toMatch(/^2026-11-25_183748-[0-9a-f]{8}\.eml$/);
  });
});
