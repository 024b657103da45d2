import { escapeHtml } from './compose';

/**
 * A plain-text mail as its HTML alternative: each paragraph a `<p>` on a line of its own, each line break kept,
 * each http(s) link clickable. With an HTML part beside it, the text part is a part of its own, which is what lets
 * it be sent as written (lib/mail/eight-bit-text.ts) rather than re-encoded with the message's headers.
 */
export function textAsHtml(text: string): string {
  const paragraphs = text
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.split('\n').map(lineAsHtml).join('<br>\n')}</p>`);
  return ['<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.4">', ...paragraphs]
    .concat('</body></html>')
    .join('\n');
}

/** One line of text as HTML: escaped, its links made anchors. */
function lineAsHtml(line: string): string {
  return line
    .split(/(https?:\/\/\S+)/)
    .map((piece, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(piece)}">${escapeHtml(piece)}</a>` : escapeHtml(piece),
    )
    .join('');
}
