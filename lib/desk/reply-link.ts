/**
 * A mailto: link that opens her mail program addressed to the client, the reference in the subject so the reply
 * threads with her mail of the request. RFC 6068: the address and the subject percent-encoded.
 */
export function replyLink(email: string, reference: string): string {
  const subject = `Your consultation request [ref ${reference}]`;
  return `mailto:${encodeURIComponent(email).replaceAll('%40', '@')}?subject=${encodeURIComponent(subject)}`;
}
