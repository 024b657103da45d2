import { type Config, getConfig } from '@/lib/config/env';

/**
 * What the site keeps of a consultation request so the consultant can answer it, in one or two sentences: the
 * short note the contact page shows beside the form.
 */
export function privacyNoteShort(consultantName: string, config: Config = getConfig()): string {
  const kept = config.INSIGHTS
    ? ` So that ${consultantName} can answer you, the site also keeps your name, email, sector and the first line ` +
      `of your message for ${config.INQUIRY_RETENTION_DAYS} days, then erases them.`
    : '';
  return `Your request goes to ${consultantName} by email.${kept}`;
}

/**
 * What the site says about what it counts and keeps, where, and for how long (docs/insights.md, "Privacy"): on
 * /contact a link away from the form, and in its markdown, from this one text and the configuration it is built with.
 */
export function privacyNote(consultantName: string, config: Config = getConfig()): string {
  const counted = config.INSIGHTS
    ? 'This site counts requests by day, by kind of client (a browser, a named AI assistant or crawler, a search ' +
      'crawler, other) and by what was asked for, and logs each consultation request by its reference, channel, ' +
      `client (the name an agent's software gives itself) and suggested engagement, for ${config.INSIGHTS_RETENTION_DAYS} days. ` +
      `For ${consultantName}'s private desk it keeps your name, email, sector, preferred time and the first line of ` +
      `your message for ${config.INQUIRY_RETENTION_DAYS} days in its own store (on its server, or its private ` +
      'database), then erases them; she can erase them sooner. '
    : 'This site counts no requests. ';
  const outbox = config.SMTP_HOST
    ? ''
    : `, and the site keeps a copy in its outbox for ${config.OUTBOX_RETENTION_DAYS} days`;
  return (
    counted +
    `Your message in full goes only to ${consultantName}, by email${outbox}. ` +
    'It never stores IP addresses, full User-Agents or what a request says: to enforce its limits it holds your ' +
    'network address for at most an hour, and to recognise a retried request it keeps a digest of it for 24 hours.'
  );
}
