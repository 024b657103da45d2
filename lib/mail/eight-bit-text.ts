import type { SendMailOptions } from 'nodemailer';

/** RFC 5322 §2.1.1: a line of a message is at most 998 octets; 8bit text (RFC 6152) keeps that limit. */
const MAX_LINE_OCTETS = 998;

/**
 * A text part as UTF-8 in 8bit (RFC 6152), so a saved .eml reads as written in a text editor; nodemailer itself
 * offers only quoted-printable or base64. A part with a line past 998 octets or a NUL cannot be 8bit, and is left
 * to nodemailer's quoted-printable.
 */
function eightBitPart(contentType: 'text/plain' | 'text/html', body: string): NonNullable<SendMailOptions['text']> {
  const lines = body.split(/\r\n|\r|\n/);
  if (body.includes('\0') || lines.some((line) => Buffer.byteLength(line) > MAX_LINE_OCTETS)) return body;
  return {
    raw: `Content-Type: ${contentType}; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${lines.join('\r\n')}`,
  };
}

/**
 * `message` with its plain-text and HTML bodies sent as 8bit text where they can be, declared to a server that
 * offers 8BITMIME (BODY=8BITMIME in MAIL FROM, as RFC 6152 asks).
 */
export function withEightBitText(message: SendMailOptions & { from: string; to: string }): SendMailOptions {
  return {
    ...message,
    ...(typeof message.text === 'string' ? { text: eightBitPart('text/plain', message.text) } : {}),
    ...(typeof message.html === 'string' ? { html: eightBitPart('text/html', message.html) } : {}),
    envelope: { from: message.from, to: message.to, use8BitMime: true },
  };
}
