import type { SendMailOptions } from 'nodemailer';

/** RFC 5322 §2.1.1: a line of a message is at most 998 octets; 8bit text (RFC 6152) keeps that limit. */
const MAX_LINE_OCTETS = 998;

/**
 * A text part as written: 7bit when it is plain ASCII, else UTF-8 in 8bit (RFC 6152), so every line of a saved
 * .eml (a link, a table's row) reads as written in a text editor; nodemailer itself offers only quoted-printable
 * or base64. A part with a line past 998 octets or a NUL can be neither, and is left to nodemailer's
 * quoted-printable.
 */
function eightBitPart(contentType: 'text/plain' | 'text/html', body: string): NonNullable<SendMailOptions['text']> {
  const lines = body.split(/\r\n|\r|\n/);
  if (body.includes('\0') || lines.some((line) => Buffer.byteLength(line) > MAX_LINE_OCTETS)) return body;
  const encoding = /^[\x00-\x7f]*$/.test(body) ? '7bit' : '8bit';
  return {
    raw: `Content-Type: ${contentType}; charset=utf-8\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n${lines.join('\r\n')}`,
  };
}

/**
 * `message` with its plain-text and HTML bodies sent as 8bit text where they can be, declared to a server that
 * offers 8BITMIME (BODY=8BITMIME in MAIL FROM, as RFC 6152 asks). Only a message with both is changed: each body is
 * then a part of its own, while a text body alone is the message itself and its raw part would drop the headers.
 */
export function withEightBitText(message: SendMailOptions & { from: string; to: string }): SendMailOptions {
  if (typeof message.text !== 'string' || typeof message.html !== 'string') return message;
  return {
    ...message,
    text: eightBitPart('text/plain', message.text),
    html: eightBitPart('text/html', message.html),
    envelope: { from: message.from, to: message.to, use8BitMime: true },
  };
}
