import { mailTheOwner } from './owner-mail';

/** The counters of lib/mail/site-ceiling.ts: the agents' share of the day, and the whole ceiling. */
export type CeilingCounter = 'mail-site-wide' | 'mail-agents-share';

/** The notice's words: which counter tripped and what that means for the rest of the day. */
function ceilingNoticeText(
  counter: CeilingCounter,
  limit: number,
  formReserve: number,
  resetSeconds: number,
): { subject: string; text: string } {
  const time = new Date().toISOString().slice(11, 16);
  // The ceiling's window is 24 hours from its first mail, not a calendar day.
  const until = new Date(Date.now() + resetSeconds * 1000).toISOString().slice(0, 16).replace('T', ' ');
  if (counter === 'mail-agents-share') {
    return {
      subject: `Agents have used today's consultation requests (${limit - formReserve} of ${limit})`,
      text:
        `At ${time} UTC agents (the REST API and MCP) reached their share of today's consultation requests: ` +
        `${limit - formReserve} of the site's ${limit} a day (MAIL_LIMIT_PER_DAY). Until ${until} UTC they are ` +
        `refused and shown your address; people using the contact form still have ${formReserve} requests. ` +
        'A sudden run like this may be a flood: npm run insights shows who called.',
    };
  }
  return {
    subject: `Today's consultation requests are used up (${limit} a day)`,
    text:
      `At ${time} UTC the site reached its ceiling of ${limit} consultation requests a day (MAIL_LIMIT_PER_DAY), ` +
      `the contact form included. Until ${until} UTC every request, from people too, is refused and shown your ` +
      'address, so some may write to you directly. npm run insights shows who called.',
  };
}

/**
 * Tells the consultant, once, that a ceiling tripped (lib/mail/site-ceiling.ts). Sent in the background: the
 * refused call is answered at once, a graceful stop waits for the notice, and one that cannot be sent is logged.
 */
export function sendCeilingNotice(
  counter: CeilingCounter,
  limit: number,
  formReserve: number,
  resetSeconds: number,
): void {
  const { subject, text } = ceilingNoticeText(counter, limit, formReserve, resetSeconds);
  mailTheOwner(subject, text, `the notice "${subject}"`);
}
