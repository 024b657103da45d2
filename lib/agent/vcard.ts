import type { Bio } from '@/lib/content';

/**
 * The contact card as vCard 3.0 (RFC 2426), the version Apple and Android contacts import: CRLF line ends,
 * text values escaped (RFC 2426 section 4: backslash, comma, semicolon, newline), and content lines folded at
 * 75 octets with CRLF and a space (section 2.6 of RFC 2425), never inside a UTF-8 character.
 */

/** Escapes a TEXT value. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds one content line so that no physical line is longer than 75 octets. */
export function foldLine(line: string, limit = 75): string {
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = Buffer.byteLength(char, 'utf8');
    // Continuation lines start with a space, which counts against their 75 octets.
    if (size + bytes > limit) {
      parts.push(current);
      current = ' ';
      size = 1;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n');
}

/** Builds the vCard text of the consultant from the biography's front matter. */
export function buildVcard(bio: Bio): string {
  const { city, region, country } = bio.location;
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${escapeText(bio.familyName)};${escapeText(bio.givenName)};;;`,
    `FN:${escapeText(bio.name)}`,
    `ORG:${escapeText(bio.company)}`,
    `TITLE:${escapeText(bio.role)}`,
    `EMAIL;TYPE=INTERNET,WORK,PREF:${bio.email}`,
    `TEL;TYPE=WORK,VOICE:${bio.phone}`,
    `ADR;TYPE=WORK:;;;${escapeText(city)};${escapeText(region ?? '')};;${escapeText(country)}`,
    `URL:${bio.website}`,
    ...bio.social.map(
      (link) => `X-SOCIALPROFILE;TYPE=${link.label.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}:${link.url}`,
    ),
    `NOTE:${escapeText(bio.headline)}`,
    `REV:${bio.updated}`,
    'END:VCARD',
  ];
  return `${lines.map((line) => foldLine(line)).join('\r\n')}\r\n`;
}

/** A file name for the .vcf download, from the consultant's name. */
export function vcardFileName(bio: Bio): string {
  const base = bio.name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return `${base || 'contact'}.vcf`;
}
