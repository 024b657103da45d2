import vcf from 'vcf';
import { describe, expect, it } from 'vitest';
import { buildVcard, escapeText, foldLine, vcardFileName } from '@/lib/agent/vcard';
import { loadContent } from '@/lib/content';

const { bio } = loadContent();

describe('vCard 3.0', () => {
  it('escapes backslash, comma, semicolon and newlines in text values (RFC 2426 4)', () => {
    expect(escapeText('a\\b, c; d\ne\r\nf')).toBe('a\\\\b\\, c\\; d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a UTF-8 character, continuation lines starting with a space', () => {
    const line = `NOTE:${'é'.repeat(100)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(2);
    for (const part of physical) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    for (const part of physical.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(physical.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:1')).toBe('SHORT:1');
  });

  it('builds a card with N and FN that a real parser reads back, even with awkward values', () => {
    const awkward = {
      ...bio,
      name: 'Zoë de Vries-Okonkwo, PhD',
      givenName: 'Zoë',
      familyName: 'de Vries-Okonkwo',
      company: 'Okonkwo; Partners, Ltd',
      headline: `A long headline that certainly needs folding because it goes on and on, with commas; semicolons and ünïcödé ${'x'.repeat(60)}`,
    };
    const text = buildVcard(awkward);
    expect(text).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n/);
    expect(text.endsWith('END:VCARD\r\n')).toBe(true);
    expect(text).not.toMatch(/[^\r]\n/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const card = new vcf().parse(text);
    expect(card.get('fn').valueOf()).toBe('Zoë de Vries-Okonkwo\\, PhD');
    expect(card.get('n').valueOf()).toBe('de Vries-Okonkwo;Zoë;;;');
    expect(card.get('org').valueOf()).toBe('Okonkwo\\; Partners\\, Ltd');
  });

  it('names the download after the consultant', () => {
    expect(vcardFileName({ ...bio, name: 'Zoë de Vries' })).toBe('zoe-de-vries.vcf');
  });
});
