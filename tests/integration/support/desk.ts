import path from 'node:path';
import { SignJWT, decodeJwt } from 'jose';
import { open } from 'lmdb';
import { LmdbDeskStore } from '../../../lib/stores/desk/lmdb-desk-store';
import { SIGN_IN_TOKEN_TTL_SECONDS, issueSignInToken } from '../../../lib/desk/sign-in-token';
import { type Fetch, newLoopbackClient } from './loopback-client';
import type { TestSmtpServer } from './smtp';

/** The `desk_session` cookie's `name=value`, from a response's Set-Cookie, or undefined. */
export function sessionCookieOf(response: Response): string | undefined {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('desk_session=') && pair !== 'desk_session=');
}

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** A form of a page as a browser without JavaScript posts it: where to, how, and its hidden fields. */
export interface PageForm {
  /** The form's `action`, or empty to post to the page's own URL. */
  action: string;
  multipart: boolean;
  fields: FormData;
}

/** The form of `html` whose button reads `button`. */
export function pageForm(html: string, button: string): PageForm {
  const form = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].find((match) =>
    decode(match[2]?.replace(/<!-- -->/g, '') ?? '').includes(button),
  );
  if (!form) throw new Error(`no form with a "${button}" button on the page`);
  const attribute = (name: string) => decode(new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(form[1] ?? '')?.[1] ?? '');
  const fields = new FormData();
  for (const [, name = '', value = ''] of (form[2] ?? '').matchAll(
    /<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/>/g,
  )) {
    fields.append(name, decode(value));
  }
  return { action: attribute('action'), multipart: attribute('enctype') === 'multipart/form-data', fields };
}

/** The hidden fields of the form of `html` whose button reads `button` (the Server Action's and the form's own). */
export const formNamed = (html: string, button: string): FormData => pageForm(html, button).fields;

/** The URL a form of the page at `pathname` posts to, and the body, encoded as the form says. */
export function formPost(appUrl: string, pathname: string, form: PageForm): { url: string; body: BodyInit } {
  const url = new URL(form.action || pathname, `${appUrl}${pathname}`).href;
  const fields = [...form.fields].map(([name, value]) => [name, String(value)]);
  return { url, body: form.multipart ? form.fields : new URLSearchParams(fields) };
}

/**
 * Fetches `pathname` with the cookie (if any) and posts its form named by `button` where the form says, as the
 * same site does; `from` sends both from another client (support/loopback-client.ts).
 */
export async function pressButton(
  appUrl: string,
  pathname: string,
  button: string,
  cookie?: string,
  from: Fetch = fetch,
): Promise<Response> {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const html = await (await from(`${appUrl}${pathname}`, { headers })).text();
  const { url, body } = formPost(appUrl, pathname, pageForm(html, button));
  return from(url, { method: 'POST', headers: { ...headers, Origin: appUrl }, body, redirect: 'manual' });
}

/** The sign-in link of the newest mail that holds one, waiting for it at most `ms`. */
export async function mailedSignInLink(smtp: TestSmtpServer, after: number, ms = 10_000): Promise<string> {
  for (const until = Date.now() + ms; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
    for (const mail of smtp.received.slice(after).reverse()) {
      const link = /https?:\/\/\S+\/desk\/sign-in\?token=\S+/.exec(mail.parsed.text ?? '')?.[0];
      if (link) return link;
    }
  }
  throw new Error(`no sign-in link was mailed within ${ms} ms`);
}

/**
 * Asks for a link, opens it and presses Sign in: the session cookie. From a client of its own, so the links
 * asked for by other tests do not count against it.
 */
export async function signInToDesk(appUrl: string, smtp: TestSmtpServer): Promise<string> {
  const before = smtp.received.length;
  const asked = await pressButton(appUrl, '/desk', 'Mail me a sign-in link', undefined, newLoopbackClient().fetch);
  if (asked.status !== 303) throw new Error(`asking for a link answered ${asked.status}`);
  const link = new URL(await mailedSignInLink(smtp, before));
  const signedIn = await pressButton(appUrl, `${link.pathname}${link.search}`, 'Sign in');
  const cookie = sessionCookieOf(signedIn);
  if (!cookie) throw new Error(`signing in answered ${signedIn.status} without a session cookie`);
  return cookie;
}

/** A sign-in token kept in `<dataDir>/desk` as the server keeps them, whose 15 minutes ended five minutes ago. */
export async function expiredSignInToken(dataDir: string): Promise<string> {
  const issuedAt = Date.now() - (SIGN_IN_TOKEN_TTL_SECONDS + 300) * 1000;
  const store = new LmdbDeskStore(path.join(dataDir, 'desk'), { now: () => issuedAt });
  try {
    return await issueSignInToken(store);
  } finally {
    await store.close();
  }
}

/** Every entry of the desk's embedded store in `<dataDir>/desk`, name and value, read beside the running server. */
export async function embeddedDeskStoreEntries(dataDir: string): Promise<[string, unknown][]> {
  const db = open<unknown, string>({ path: path.join(dataDir, 'desk'), compression: false, readOnly: true });
  try {
    return [...db.getRange()].map(({ key, value }): [string, unknown] => [key, value]);
  } finally {
    await db.close();
  }
}

/** The signing key a reader finds among the store's entries, decoded as the desk decodes it. */
function keptKey(entries: [string, unknown][]): Uint8Array {
  const kept = entries.find(([name]) => name.endsWith('session-key'))?.[1];
  if (typeof kept !== 'string') throw new Error('the desk store keeps no session key');
  return new Uint8Array(Buffer.from(kept, 'base64url'));
}

/**
 * A `desk_session` cookie made by a reader of the store: claims as in the real cookie `real` (`name=value`),
 * session id `id`, signed with the key the store keeps (`entries`, its names and values).
 */
export async function cookieForged(entries: [string, unknown][], real: string, id: string): Promise<string> {
  const { iss = '', aud = '' } = decodeJwt(real.slice(real.indexOf('=') + 1));
  const value = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setJti(id)
    .setIssuer(iss)
    .setAudience(aud)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(keptKey(entries));
  return `desk_session=${value}`;
}

/** Cookies forged with every string the store holds as the session id: names, their parts, and values. */
export function cookiesForgedFromStore(entries: [string, unknown][], real: string): Promise<string[]> {
  const held = entries.flatMap(([name, value]) => [
    name,
    ...name.split(/[|:]/),
    ...(typeof value === 'string' ? [value] : []),
  ]);
  return Promise.all([...new Set(held)].map((id) => cookieForged(entries, real, id)));
}
