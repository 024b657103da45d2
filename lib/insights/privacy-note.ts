import { type Config, getConfig } from '@/lib/config/env';

/**
 * What the site says about what it counts and keeps, and for how long (docs/insights.md, "Privacy"): on /contact,
 * as HTML and as markdown, from this one text and the configuration it is built with.
 */
export function privacyNote(consultantName: string, config: Config = getConfig()): string {
  const counted = config.INSIGHTS
    ? 'This site counts requests by day, by kind of client (a browser, a named AI assistant or crawler, a search ' +
      'crawler, other) and by what was asked for, and logs each consultation request by its reference, channel, ' +
      `client (the name an agent's software gives itself) and suggested engagement, for ${config.INSIGHTS_RETENTION_DAYS} days. `
    : 'This site counts no requests. ';
  const outbox = config.SMTP_HOST
    ? ''
    : `, and the site keeps a copy in its outbox for ${config.OUTBOX_RETENTION_DAYS} days`;
  return (
    counted +
    `Your name, email and message go only to ${consultantName}, by email${outbox}. ` +
    'It never stores IP addresses, full User-Agents or what a request says: to enforce its limits it holds your ' +
    'network address for at most an hour, and to recognise a retried request it keeps a digest of it for 24 hours.'
  );
}
