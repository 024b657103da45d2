/**
 * What the site says about what it counts and keeps (docs/insights.md, "Privacy"): on /contact, as HTML and as
 * markdown, from this one text.
 */
export function privacyNote(consultantName: string): string {
  return (
    'This site counts requests by day, by kind of client (a browser, a named AI assistant or crawler, a search ' +
    'crawler, other) and by what was asked for, and logs each consultation request by its reference, channel and ' +
    'suggested engagement. It never keeps IP addresses, full User-Agents or what a request says: your name, email ' +
    `and message go only to ${consultantName}, by email.`
  );
}
