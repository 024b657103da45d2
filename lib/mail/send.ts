import { isIP } from 'node:net';
import nodemailer from 'nodemailer';
import { getConfig } from '@/lib/config/env';
import { getBio, getSite } from '@/lib/content';
import { MailDeliveryError } from '@/lib/api-errors';
import { count } from '@/lib/counting/counts';
import { type ConsultationFields, type Triage, composeConsultationMail } from './compose';
import { withEightBitText } from './eight-bit-text';
import { embeddedInbox } from './embedded-inbox';

/** The caller hears within this long whatever the mail server does (docs/agent-api.md, "schedule_consultation"). */
export const MAIL_DEADLINE_MS = 14_000;

/** The SMTP server mail goes to: the configured one, or the embedded inbox. */
interface SmtpTarget {
  host: string;
  port: number;
  secure: boolean;
  requireTLS: boolean;
  user: string;
  pass: string;
  /** Set when the embedded inbox is used: where the .eml files go. */
  outboxDir?: string;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

/** The configured SMTP server, or the embedded inbox (started on first use) when SMTP_HOST is unset. */
export async function smtpTarget(): Promise<SmtpTarget> {
  const config = getConfig();
  if (!config.SMTP_HOST) {
    const inbox = await embeddedInbox(config.OUTBOX_DIR);
    return { ...inbox, secure: false, requireTLS: false };
  }
  return {
    host: config.SMTP_HOST,
    port: config.SMTP_PORT ?? (config.SMTP_SECURE ? 465 : 587),
    secure: config.SMTP_SECURE,
    // Credentials never cross a network in clear text: without implicit TLS, STARTTLS is required,
    // except to a server on this machine.
    requireTLS: !config.SMTP_SECURE && !isLoopback(config.SMTP_HOST),
    user: config.SMTP_USER ?? '',
    pass: config.SMTP_PASS ?? '',
  };
}

/** A nodemailer transport to `target` with the bounded waits of docs/agent-api.md ("schedule_consultation"). */
export function mailTransport(target: SmtpTarget, timeout: number) {
  return nodemailer.createTransport({
    host: target.host,
    port: target.port,
    secure: target.secure,
    requireTLS: target.requireTLS,
    auth: { user: target.user, pass: target.pass },
    connectionTimeout: Math.min(timeout, 5000),
    greetingTimeout: Math.min(timeout, 5000),
    socketTimeout: timeout,
    dnsTimeout: Math.min(timeout, 5000),
    tls: { minVersion: 'TLSv1.2', servername: isIP(target.host) ? undefined : target.host },
  });
}

/** Words a transport failure for the caller without revealing hosts or credentials. */
export function describeFailure(error: unknown): string {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  const command = error instanceof Error && 'command' in error ? String(error.command) : '';
  if (code === 'EAUTH') return "the mail server refused the site's credentials";
  if (code === 'EENVELOPE' || /RCPT/i.test(command)) return 'the mail server rejected the recipient';
  if (code === 'ETIMEDOUT' || code === 'EDEADLINE') return 'the mail server did not answer in time';
  if (code === 'ETLS' || /TLS|SSL|certificate/i.test(String(error)))
    return 'a secure connection to the mail server could not be made';
  if (code === 'ECONNECTION' || code === 'ESOCKET' || code === 'EDNS') return 'the mail server could not be reached';
  return 'the mail server did not accept the message';
}

/** What the caller is told once the mail server has accepted the message. */
interface Delivery {
  messageId: string;
}

/** What the mail says beyond the request's fields: where it came from and what it seems to be about. */
interface RequestTriage extends Triage {
  requestId: string;
  /** The inquiry's short reference, named in the subject and the body. */
  reference: string;
}

/**
 * Sends one consultation request to the consultant's inbox (MAIL_TO, else the biography's email) and resolves
 * only after the SMTP server accepted it. Any failure, including a server that stops answering, rejects within
 * MAIL_DEADLINE_MS with 502 MAIL_DELIVERY_FAILED; a fresh connection per request means a failure leaves nothing behind.
 */
export async function sendConsultationRequest(request: ConsultationFields, triage: RequestTriage): Promise<Delivery> {
  const { requestId } = triage;
  const config = getConfig();
  const bio = getBio();
  const fail = (reason: string) =>
    new MailDeliveryError(
      `The consultation request was not delivered: ${reason}. Nothing was sent.`,
      `Try again in a few minutes, or write to ${bio.email} directly.`,
    );
  let target: SmtpTarget;
  try {
    target = await smtpTarget();
  } catch (error) {
    console.error(`[${requestId}] [mail] the embedded inbox could not start`, error);
    count('mail-failure', 'inbox');
    throw fail('the local inbox could not start');
  }
  const to = config.MAIL_TO ?? bio.email;
  const message = withEightBitText(
    composeConsultationMail(request, {
      from: config.MAIL_FROM ?? `"${getSite().siteName} website" <${to}>`,
      to,
      siteName: getSite().siteName,
      ...triage,
    }),
  );
  const transport = mailTransport(target, config.SMTP_TIMEOUT_MS);
  let timer: NodeJS.Timeout | undefined;
  try {
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(Object.assign(new Error('deadline passed'), { code: 'EDEADLINE' })),
        MAIL_DEADLINE_MS,
      );
    });
    const info = await Promise.race([transport.sendMail(message), deadline]);
    if (info.accepted.length === 0 || info.rejected.length > 0)
      throw Object.assign(new Error('recipient rejected'), { code: 'EENVELOPE' });
    return { messageId: info.messageId };
  } catch (error) {
    const reason = describeFailure(error);
    count('mail-failure', 'smtp');
    console.error(
      `[${requestId}] [mail] delivery failed: ${reason} (${error instanceof Error ? error.message : String(error)})`,
    );
    throw fail(reason);
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}
