import { NextResponse } from 'next/server';
import { readBodyText } from '@/lib/http/body';
import { DESK_PATH } from '@/lib/http/desk-path';
import { DESK_HEADERS } from '@/lib/http/shared-headers';
import { crossSiteRefusal } from '@/lib/security/server-actions';
import { deskKeys, servedOverHttps } from './current-session';
import { deskQuotaRefusal } from './desk-quota';
import type { DeskNotice } from './notices';
import { SESSION_COOKIE, startSession } from './session';
import { redeemSignInToken } from './sign-in-token';

/** A sign-in form is one token of 43 characters: anything past this is not the page's form. */
const SIGN_IN_FORM_LIMIT = 1024;

const plain = (status: number, message: string) =>
  new NextResponse(`${message}\n`, {
    status,
    headers: { ...DESK_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
  });

/** 303 to the desk (with a notice): the browser then GETs it, and a reload posts nothing again. */
const toDesk = (notice?: DeskNotice) =>
  new NextResponse(null, {
    status: 303,
    headers: { ...DESK_HEADERS, Location: notice ? `${DESK_PATH}?notice=${notice}` : DESK_PATH },
  });

/**
 * The sign-in button's POST (DESK_SESSION_PATH), a plain HTML form: the token comes in the body, so the POST's
 * URL, which proxies log, carries none (a Server Action posts to the page's own URL, token and all). A post from
 * another site's page is refused as Next refuses one to an action; it counts against the per-address quota.
 * Uses the token and starts a session, or answers with the desk's notice.
 */
export async function signInByPost(request: Request): Promise<Response> {
  const { headers } = request;
  const crossSite = crossSiteRefusal(headers.get('origin'), headers.get('x-forwarded-host'), headers.get('host'));
  if (crossSite) return plain(crossSite.status, crossSite.message);
  const busy = await deskQuotaRefusal(headers);
  if (busy) return busy;
  if (!(headers.get('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    return plain(415, 'Unsupported Media Type: sign in with the button on the page the mailed link opens.');
  }
  const body = await readBodyText(request, SIGN_IN_FORM_LIMIT);
  if (body === undefined) return plain(413, 'Content Too Large: a sign-in form holds one token. Nothing was done.');
  const token = new URLSearchParams(body).get('token');
  try {
    const { store, key } = await deskKeys();
    if (!token || !(await redeemSignInToken(store, token))) return toDesk('link-refused');
    const session = await startSession(store, key);
    const response = toDesk();
    response.cookies.set(SESSION_COOKIE, session.cookieValue, {
      httpOnly: true,
      sameSite: 'lax',
      secure: await servedOverHttps(),
      path: DESK_PATH,
      maxAge: session.maxAgeSeconds,
    });
    return response;
  } catch (error) {
    console.warn('[desk] sign-in cannot be checked', error instanceof Error ? error.message : error);
    return toDesk('unavailable');
  }
}
