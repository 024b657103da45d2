import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { getConfig } from '@/lib/config/env';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE, privateFolder } from '@/lib/private-folder';
import { processSingleton } from '@/lib/process-singleton';

/** The largest message the inbox keeps; a larger one is refused (552) and nothing of it is kept. */
export const MAX_MESSAGE_BYTES = 1024 * 1024;
const DAY_MS = 86_400_000;

/** Where and how to reach the embedded inbox; the credentials are made at start and never leave the process. */
interface EmbeddedInbox {
  host: string;
  port: number;
  user: string;
  pass: string;
  outboxDir: string;
}

function sameSecret(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** How much of a message's start is read for its reference: the header block of the site's own mail fits. */
const HEAD_BYTES = 16 * 1024;

// Letters, digits and hyphens only: a header value becomes a file name, so nothing a file system reads as a path.
const FILE_NAME_SAFE = /^[0-9A-Za-z][0-9A-Za-z-]{0,39}$/;

/**
 * The name a kept message is saved under: the day and the consultation's reference, such as
 * `2026-11-25_261125-7K2M9X.eml`, so the consultant finds a request by the reference she is quoted. A message
 * without a well-formed X-Consultation-Reference (the weekly digest) is named by the day and time instead.
 */
export function outboxFileName(head: string, now = new Date()): string {
  const headers = head.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const reference = /^X-Consultation-Reference:[ \t]*(\S+)[ \t]*$/im.exec(headers)?.[1] ?? '';
  const stamp = now.toISOString();
  const day = stamp.slice(0, 10);
  return FILE_NAME_SAFE.test(reference)
    ? `${day}_${reference}.eml`
    : `${day}_${stamp.slice(11, 19).replace(/:/g, '')}-${randomUUID().slice(0, 8)}.eml`;
}

/** How the inbox answers DATA (`250 Kept as <file>`), so a sender learns which file keeps its message. */
const KEPT_AS = 'Kept as ';

/** The outbox file the embedded inbox kept a message in, from its answer to DATA, or undefined. */
export function keptFileOf(response: string | undefined, outboxDir: string): string | undefined {
  const name = response?.split(KEPT_AS)[1]?.trim();
  // Only a name inside the outbox, whatever the answer says.
  return name ? path.join(outboxDir, path.basename(name)) : undefined;
}

/** `name` in `dir`, or with `-2`, `-3` … before `.eml` when a file of that name is already there. */
function freeName(dir: string, name: string): string {
  let candidate = name;
  for (let n = 2; fs.existsSync(path.join(dir, candidate)); n++) candidate = name.replace(/\.eml$/, `-${n}.eml`);
  return candidate;
}

/**
 * Why `dir` cannot be written (made when missing, open to the server's user alone, then a file written and removed
 * in it), or undefined when it can. A real write, since a read-only mount or a file in the folder's place shows only
 * then, even to root.
 */
export function writableFolderProblem(dir: string): string | undefined {
  const probe = path.join(dir, `.write-check-${process.pid}`);
  try {
    // The folder itself without `recursive`: on a read-only file system that says EROFS, where recursive says ENOENT.
    fs.mkdirSync(path.dirname(dir), { recursive: true, mode: PRIVATE_FOLDER_MODE });
    if (!fs.existsSync(dir)) fs.mkdirSync(dir, { mode: PRIVATE_FOLDER_MODE });
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** A message the inbox cannot keep is refused (452, insufficient storage), so the sender hears it was not kept. */
function refuseUnkept(stream: NodeJS.ReadableStream, callback: (error?: Error | null) => void): void {
  stream.resume();
  stream.on('end', () =>
    callback(Object.assign(new Error('The outbox cannot be written; nothing is kept'), { responseCode: 452 })),
  );
}

/**
 * Starts an SMTP server on loopback that requires authentication and keeps each message as an .eml file, so
 * that with no SMTP_HOST configured the mail path is the real one (nodemailer, AUTH, DATA) and nothing is
 * silently dropped. STARTTLS is off because it is loopback-only and smtp-server's bundled certificate has
 * expired; plain AUTH is allowed for the same reason.
 */
async function startInbox(outboxDir: string): Promise<EmbeddedInbox> {
  const dir = path.resolve(outboxDir);
  // Start-up has said so once in the log (lib/start-up/data-dir.ts); every message is then refused.
  const keeps = writableFolderProblem(dir) === undefined;
  // Its mails hold live sign-in links: for the server's user alone, however the folder was made.
  if (keeps) privateFolder(dir);
  const user = 'outbox';
  const pass = randomBytes(24).toString('base64url');
  const server = new SMTPServer({
    banner: 'embedded consultation inbox',
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    size: MAX_MESSAGE_BYTES,
    onAuth(auth, _session, callback) {
      if (auth.username === user && sameSecret(auth.password ?? undefined, pass)) callback(null, { user });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      if (!keeps) return refuseUnkept(stream, callback);
      const partial = path.join(dir, `.${randomUUID()}.part`);
      const out = fs.createWriteStream(partial, { mode: PRIVATE_FILE_MODE });
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < HEAD_BYTES) head += chunk.toString('utf8', 0, HEAD_BYTES);
      });
      stream.pipe(out);
      stream.on('error', callback);
      out.on('error', callback);
      out.on('finish', () => {
        // smtp-server announces SIZE and counts the bytes, but leaves the refusal to us (its sizeExceeded).
        if (stream.sizeExceeded) {
          fs.rm(partial, { force: true }, () =>
            callback(Object.assign(new Error('Message exceeds the fixed maximum message size'), { responseCode: 552 })),
          );
          return;
        }
        // Renamed only when complete, so a reader of the folder never sees half a message.
        const name = freeName(dir, outboxFileName(head));
        fs.rename(partial, path.join(dir, name), (error) => callback(error ?? null, `${KEPT_AS}${name}`));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // It must never keep a build or a test process alive on its own.
  server.server.unref();
  const retentionDays = getConfig().OUTBOX_RETENTION_DAYS;
  pruneOutbox(dir, retentionDays);
  setInterval(() => pruneOutbox(dir, retentionDays), DAY_MS).unref();
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  if (keeps)
    console.log(
      `[mail] SMTP_HOST is not set: consultation requests go to an embedded SMTP inbox on 127.0.0.1:${port} ` +
        `(authentication required) and are saved as .eml files in ${dir}`,
    );
  return { host: '127.0.0.1', port, user, pass, outboxDir: dir };
}

/** Deletes the outbox's mails older than `retentionDays` (OUTBOX_RETENTION_DAYS); a file that cannot go is logged. */
export function pruneOutbox(dir: string, retentionDays: number, now = Date.now()): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names.filter((entry) => entry.endsWith('.eml') || entry.endsWith('.part'))) {
    const file = path.join(dir, name);
    try {
      if (now - fs.statSync(file).mtimeMs > retentionDays * DAY_MS) fs.rmSync(file);
    } catch (error) {
      console.warn(`[mail] ${name} in the outbox could not be deleted`, error);
    }
  }
}

/** The embedded inbox of this process, started on first use. */
export function embeddedInbox(outboxDir: string): Promise<EmbeddedInbox> {
  const holder = processSingleton<{ inbox?: Promise<EmbeddedInbox> }>('embedded-inbox', () => ({}));
  holder.inbox ??= startInbox(outboxDir).catch((error: unknown) => {
    holder.inbox = undefined;
    throw error;
  });
  return holder.inbox;
}
