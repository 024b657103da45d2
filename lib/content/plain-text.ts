import { z } from 'zod';
import { shortened } from '@/lib/text/shortened';

/**
 * Markup in a text that is read out or shown as written (a photo's description, which screen readers speak; a name
 * under a quote): tags, character references and markdown would be spoken or shown as symbols, or hidden from sight.
 */
const MARKUP: readonly RegExp[] = [
  /<\/?[a-z][^>]*>/i,
  /&(?:[a-z]+|#\d+|#x[0-9a-f]+);/i,
  /!?\[[^\]]*\]\([^)]*\)/,
  /\*\*[^*]+\*\*|__[^_]+__/,
  /(?<![\w*])\*[^*\s][^*]*\*(?![\w*])/,
  /`[^`]+`/,
  /^#{1,6} /,
];

/** The first piece of markup in `text`, as written, or undefined when it is plain words. */
export function findMarkup(text: string): string | undefined {
  for (const pattern of MARKUP) {
    const found = pattern.exec(text)?.[0];
    if (found) return found;
  }
  return undefined;
}

/** The text with its markup taken out: tags dropped, a markdown link reduced to its words, emphasis marks removed. */
function withoutMarkup(text: string): string {
  return text
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What is wrong with `text` as a name shown exactly as written, with what to write instead, or undefined. */
function nameProblem(text: string): string | undefined {
  if (/[\r\n]/.test(text)) return 'expected the text on one line; write it without line breaks';
  const markup = findMarkup(text);
  if (markup === undefined) return undefined;
  const plain = withoutMarkup(text);
  const shown = `"${shortened(markup, 40)}" is markup, which would be shown as typed`;
  if (plain === '' || findMarkup(plain) !== undefined) return `expected plain text; ${shown}: remove it`;
  return `expected plain text; ${shown}: write "${shortened(plain, 60)}"`;
}

/** A name as two names are compared: case and runs of spaces ignored, so "Kestrel  compute" is Kestrel Compute. */
export function nameKey(name: string): string {
  return name.toLowerCase().replace(/\s+/g, ' ');
}

/** A person's or a company's name, or a job title: non-empty text on one line, without markup. */
export const PlainNameSchema = z
  .string()
  .trim()
  .min(1, 'expected non-empty text')
  .superRefine((text, context) => {
    const problem = nameProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
