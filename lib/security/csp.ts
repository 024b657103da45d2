import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy of the HTML pages. Scripts: only this origin's files and the
 * inline scripts whose sha256 is listed, so an injected script never runs. Next inlines its bootstrap and the
 * RSC payload (`self.__next_f.push(...)`) into every page; a page is rendered once per origin and kept, so its
 * scripts are hashed then, where Next keeps it (lib/security/page-cache-handler.ts). A nonce would force every
 * page to render per request. Styles allow 'unsafe-inline': Next and React set inline styles, and a style
 * cannot run code.
 */
const DIRECTIVES: readonly (readonly [string, string])[] = [
  ['default-src', "'self'"],
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data:"],
  ['font-src', "'self'"],
  ['connect-src', "'self'"],
  ['manifest-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'self'"],
  ['frame-ancestors', "'none'"],
];

/** The policy of a page whose inline scripts have these sha256 sources (`'sha256-…'`). */
export function pagePolicy(scriptHashes: readonly string[]): string {
  const script = ["'self'", ...scriptHashes].join(' ');
  return [['script-src', script] as const, ...DIRECTIVES].map(([name, value]) => `${name} ${value}`).join('; ');
}

/**
 * The policy of a page rendered per request, whose inline scripts cannot be known in advance: the answer to a
 * consultation form posted without JavaScript. It runs no script at all; the page works as plain HTML.
 */
export const NO_SCRIPT_POLICY = pagePolicy([]).replace("script-src 'self'", "script-src 'none'");

/** Script types a browser does not execute (data blocks such as JSON-LD), to which script-src does not apply. */
function isExecutable(attributes: string): boolean {
  const type = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
  const value = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim().toLowerCase();
  return value === '' || value === 'module' || /^(text|application)\/(x-)?(java|ecma)script$/.test(value);
}

/**
 * The CSP hash source of every executable inline script in an HTML document, in document order and without
 * repeats. React escapes `</script` inside script text, so the first `</script>` closes each element; the hash is
 * over the exact text between the tags (CSP Level 3, "script-src" hash matching, UTF-8).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    const text = match[2] ?? '';
    if (/\bsrc\s*=/i.test(attributes) || !isExecutable(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}
