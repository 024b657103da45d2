import { randomInt } from 'node:crypto';

/** Crockford's base32 alphabet: no I, L, O or U, so a reference read aloud or retyped is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** What a reference looks like: the UTC day (YYMMDD), a hyphen, six characters of Crockford's base32. */
export const REFERENCE_PATTERN = /^\d{6}-[0-9A-HJKMNP-TV-Z]{6}$/;

/**
 * A short reference for one accepted consultation request, such as `261123-7K2M9X`: the day it arrived, so the
 * consultant can place it at a glance, and 30 random bits, so references of one day do not collide in practice
 * (the site sends at most MAIL_LIMIT_PER_DAY mails a day).
 */
export function newInquiryReference(now: Date = new Date()): string {
  const day = now.toISOString().slice(2, 10).replace(/-/g, '');
  let tail = '';
  for (let i = 0; i < 6; i++) tail += ALPHABET[randomInt(ALPHABET.length)];
  return `${day}-${tail}`;
}
