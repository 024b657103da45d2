import { isOneEditApart } from '@/lib/text/edit-distance';
import { TYPO_MIN_LENGTH, type Vocabulary } from './vocabulary';
import { stemWord } from '@/lib/text/words';

/**
 * The word a client probably meant, when `word` (folded, American spelling) is unknown to the content and one
 * slip (a letter missing, extra, wrong, or two swapped) away from a word of the keywords, concepts or
 * descriptions: "messagng" is "messaging". Short words are left alone, since too many real words are one
 * letter apart ("naming" and "gaming"). Among equally close words the first in alphabetical order wins, so the
 * reading never depends on anything but the content.
 */
export function correctTypo(word: string, vocabulary: Vocabulary): string | undefined {
  if (word.length < TYPO_MIN_LENGTH || /\d/.test(word) || vocabulary.knownStems.has(stemWord(word))) return undefined;
  const candidates = [word.length - 1, word.length, word.length + 1]
    .flatMap((length) => vocabulary.spellingsByLength.get(length) ?? [])
    .filter((known) => isOneEditApart(word, known));
  return candidates.sort()[0];
}
