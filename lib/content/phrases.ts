import { z } from 'zod';
import { normalise } from '@/lib/text/words';

/**
 * What a keyword or concept phrase can be, as evaluate_client_needs reads it (lib/agent/scoring/vocabulary.ts):
 * its words, folded and stemmed, must appear in a row in the client's text. So a phrase that holds two
 * keywords ("logo, typography", or "announcement - keynote" where YAML joined two lines) matches only when a
 * client writes both in that order, and a long one almost never does.
 */

/** Longest phrase that still reads as a client would write it; the content's own longest are four words. */
const MAX_PHRASE_WORDS = 5;

/** The fix for a phrase evaluate_client_needs could not match as meant, or undefined when it is fine. */
function phraseProblem(phrase: string): string | undefined {
  const shown = `"${phrase.length > 50 ? `${phrase.slice(0, 49)}…` : phrase}"`;
  const words = normalise(phrase).length;
  if (/\s-\s/.test(phrase)) {
    return `${shown} holds several entries joined by " - "; put each on its own line, starting with two spaces and "- "`;
  }
  if (/[,;]/.test(phrase)) {
    return `${shown} holds a comma, but evaluate_client_needs looks for a keyword's words in a row ("${phrase.replace(/[,;]/g, "").replace(/\s+/g, " ")}"); put each keyword on its own line`;
  }
  if (words === 0) return `${shown} has no letters or digits, so it can never match; write a word or remove the line`;
  if (words > MAX_PHRASE_WORDS) {
    return `${shown} has ${words} words, and matches only when a client writes all of them in a row; keep a keyword to ${MAX_PHRASE_WORDS} words or fewer`;
  }
  return undefined;
}

/** A keyword or concept phrase: non-empty text that evaluate_client_needs can match as written. */
export const PhraseSchema = z
  .string()
  .trim()
  .min(1, 'expected non-empty text')
  .superRefine((phrase, context) => {
    // An empty phrase is already reported as such.
    const problem = phrase === '' ? undefined : phraseProblem(phrase);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
