import type { Config } from '@/lib/config/env';
import { describeFailure, mailTransport, smtpTarget } from './send';

/**
 * Asks the configured mail server at start-up, in the background, whether it takes the site's login (nodemailer's
 * own verify: connection, TLS and login, no mail sent). A failure is one plain line naming the server and the
 * cause; the site still serves, since a mail server can be down for a while and each send reports its own failure.
 */
export function checkMailServer(config: Config): void {
  void (async () => {
    const target = await smtpTarget();
    const server = `${target.host}:${target.port}`;
    const transport = mailTransport(target, config.SMTP_TIMEOUT_MS);
    try {
      await transport.verify();
      console.info(`[mail] the mail server ${server} accepted the site's login`);
    } catch (error) {
      console.warn(
        `[mail] the mail server ${server} cannot be used: ${describeFailure(error)} ` +
          `(${error instanceof Error ? error.message : String(error)}). Inquiries cannot be mailed until this is ` +
          'fixed: check SMTP_HOST, SMTP_PORT, SMTP_USER and SMTP_PASS (docs/configuration.md, "Mail").',
      );
    } finally {
      transport.close();
    }
  })();
}
