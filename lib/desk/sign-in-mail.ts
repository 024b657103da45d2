import { getSite } from '@/lib/content';
import { mailTheOwner } from '@/lib/mail/owner-mail';
import { SIGN_IN_TOKEN_TTL_SECONDS } from './sign-in-token';

/**
 * Mails the sign-in link to the site's own address (lib/mail/owner-mail.ts), never to one typed in. In the
 * background: the page answers the same at once whatever the mail server does; a failure is logged, never the link.
 */
export function mailSignInLink(link: string): void {
  const siteName = getSite().siteName;
  const minutes = SIGN_IN_TOKEN_TTL_SECONDS / 60;
  mailTheOwner(
    `Your sign-in link to the desk of ${siteName}`,
    `Someone (most likely you) asked to sign in to your desk on ${siteName}.\n\n` +
      `Open this link and press "Sign in" within ${minutes} minutes; it works once:\n\n${link}\n\n` +
      'If you did not ask for it, ignore this mail: without the link no one can sign in.\n',
    'the sign-in link',
  );
}
