/**
 * Reading the request headers that name a signature (draft-ietf-webbotauth-httpsig-protocol, RFC 9421 §4).
 * Only what the verifier needs: the signature's label and the signer's origin, without trusting either.
 */

const LABEL = /^\s*([a-z*][a-z0-9_.*-]*)\s*=/;

/** The label of the one signature in Signature-Input (`sig1=(...)` gives `sig1`), or undefined. */
export function signatureLabel(signatureInput: string): string | undefined {
  return LABEL.exec(signatureInput)?.[1];
}

/** The covered components of the first signature in Signature-Input, lower-cased, without their parameters. */
export function coveredComponents(signatureInput: string): string[] {
  const list = /=\s*\(([^)]*)\)/.exec(signatureInput)?.[1] ?? '';
  return [...list.matchAll(/"([^"]*)"/g)].map((match) => (match[1] ?? '').toLowerCase());
}

/** An RFC 8941 sf-string's content, or undefined when `text` is not exactly one. */
function sfString(text: string): string | undefined {
  const match = /^"((?:[^"\\]|\\["\\])*)"$/.exec(text.trim());
  return match?.[1]?.replace(/\\(["\\])/g, '$1');
}

/**
 * The signer's URL that a Signature-Agent header gives for the signature labelled `label`. Both forms are read:
 * the draft's dictionary (`sig1="https://signer.example"`, the member whose key is the label) and the bare string
 * that ChatGPT's agent sends (`"https://chatgpt.com"`, also without quotes).
 */
export function signatureAgentFor(header: string, label: string): string | undefined {
  const whole = header.trim();
  const bare = sfString(whole);
  if (bare !== undefined) return bare;
  if (/^[a-z][a-z0-9+.-]*:\/\/[^\s,;"=]+$/i.test(whole)) return whole;
  for (const member of whole.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)) {
    const equals = member.indexOf('=');
    if (equals < 0 || member.slice(0, equals).trim() !== label) continue;
    // A member's parameters (`;key=value` after the string) say nothing the verifier needs.
    return sfString(member.slice(equals + 1).replace(/;[^"]*$/, ''));
  }
  return undefined;
}

/** A URL's origin (`https://chatgpt.com`), or undefined when it is not an http(s) URL. */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}
