import { getConfig } from '@/lib/config/env';
import { getBio, getSite } from '@/lib/content';
import { trackPendingWork } from '@/lib/pending-work';
import { withEightBitText } from './eight-bit-text';
import { mailTransport, smtpTarget } from './send';
import { textAsHtml } from './text-as-html';

/** The one address the site mails about itself: MAIL_TO, else the biography's email. */
export function ownerAddress(): string {
  return getConfig().MAIL_TO ?? getBio().email;
}

/**
 * Mails the consultant a plain-text message from the site (with its HTML alternative), in the background: the request that caused it is
 * answered at once, a graceful stop waits for it, and one that cannot be sent is logged as `what` (never its text).
 */
export function mailTheOwner(subject: string, text: string, what: string): void {
  const config = getConfig();
  const to = ownerAddress();
  const sending = (async () => {
    const transport = mailTransport(await smtpTarget(), config.SMTP_TIMEOUT_MS);
    try {
      const from = config.MAIL_FROM ?? `"${getSite().siteName} website" <${to}>`;
      await transport.sendMail(withEightBitText({ from, to, subject, text, html: textAsHtml(text) }));
    } finally {
      transport.close();
    }
  })().catch((error: unknown) => console.warn(`[mail] ${what} could not be sent`, error));
  trackPendingWork(sending);
}
