/** RFC 2047 section 2: an encoded word is at most 75 characters; `=?UTF-8?B?` and `?=` leave 63, 45 bytes in base64. */
const MAX_BYTES_PER_WORD = 45;

/**
 * Header text that a mail reader shows exactly as given. Readers decode whatever is shaped like an RFC 2047
 * encoded word (`=?UTF-8?B?…?=`), even inside a quoted display name, so a requester could make the subject or
 * the Reply-To name show other text, or a decoded line break. Text containing `=?` (every encoded word starts so)
 * is therefore sent as encoded words of itself, UTF-8 in B encoding, which decode to exactly that text
 * (nodemailer passes valid encoded words through). Other text is returned as is, for nodemailer to encode.
 */
export function literalHeaderText(text: string): string {
  return text.includes('=?') ? encodedWords(text) : text;
}

/** `text` as B-encoded UTF-8 words, split between characters; readers drop the spaces between adjacent words. */
function encodedWords(text: string): string {
  const words: string[] = [];
  let chunk = '';
  for (const character of text) {
    if (Buffer.byteLength(chunk + character) > MAX_BYTES_PER_WORD) {
      words.push(encodedWord(chunk));
      chunk = '';
    }
    chunk += character;
  }
  if (chunk) words.push(encodedWord(chunk));
  return words.join(' ');
}

function encodedWord(text: string): string {
  return `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}
