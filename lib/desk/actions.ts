'use server';

import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { type InsightsStore, getInsightsStore } from '@/lib/stores/insights/insights-store';
import { generalQuota } from '@/lib/http/api-route';
import { DESK_PATH } from '@/lib/http/desk-path';
import { ApiError } from '@/lib/api-errors';
import { clientAddress } from '@/lib/http/forwarded';
import { originFromHeaders } from '@/lib/security/public-origin';
import { consumeQuota } from '@/lib/quotas/consume-quota';
import { firstDayOf } from '@/lib/insights/report';
import { deskKeys, deskVisitor } from './current-session';
import { countLinkRequest } from './link-requests';
import { MONTH_DAYS } from './figures';
import type { DeskNotice } from './notices';
import { SESSION_COOKIE, endSession } from './session';
import { mailSignInLink } from './sign-in-mail';
import { issueSignInLink } from './sign-in-token';

// The desk's forms are Server Actions: Next refuses another site's Origin (as lib/security/server-actions.ts
// does before it), and the session cookie is SameSite=Lax, so a cross-site post carries no session either. The
// sign-in button alone posts to a route of its own (sign-in-post.ts), so that its URL carries no token.

function backToDesk(notice: DeskNotice, hash = ''): never {
  redirect(`${DESK_PATH}?notice=${notice}${hash}`);
}

/** The general quota of the client's address, as every form and API call counts it; false when it is used up. */
async function withinQuota(): Promise<boolean> {
  try {
    await consumeQuota(generalQuota(), clientAddress(await headers()));
    return true;
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
}

/**
 * Mails a sign-in link to the site's own address (never one typed in), within the limits per address and
 * site-wide (link-requests.ts), and says which limit refused it. A link counted is answered the same whether the
 * mail goes out or fails (that is known later, in the log).
 */
export async function requestSignInLink(): Promise<void> {
  if (!(await withinQuota())) backToDesk('busy');
  let notice: DeskNotice = 'link-sent';
  try {
    const { store } = await deskKeys();
    const requestHeaders = await headers();
    const counted = await countLinkRequest(store, clientAddress(requestHeaders));
    if (counted === 'counted') mailSignInLink(await issueSignInLink(store, originFromHeaders(requestHeaders)));
    else notice = counted === 'client-capped' ? 'address-capped' : 'site-capped';
  } catch (error) {
    console.warn('[desk] no sign-in link could be made', error instanceof Error ? error.message : error);
  }
  backToDesk(notice);
}

/** The desk's store and key, or the page's "unavailable" notice when they cannot be had now. */
async function keysOrNotice() {
  try {
    return await deskKeys();
  } catch (error) {
    console.warn('[desk] sign-in cannot be checked', error instanceof Error ? error.message : error);
    return backToDesk('unavailable');
  }
}

/** Ends the session on the server, so the cookie is worthless even where the browser keeps it. */
export async function signOut(): Promise<void> {
  const jar = await cookies();
  const cookie = jar.get(SESSION_COOKIE)?.value;
  if (cookie) {
    const { store, key } = await keysOrNotice();
    await endSession(store, key, cookie);
  }
  jar.delete({ name: SESSION_COOKIE, path: DESK_PATH });
  backToDesk('signed-out');
}

/**
 * Runs `change` on one inquiry the desk lists (those of the last MONTH_DAYS), for a signed-in owner only, and comes
 * back to the list saying what was done; a reference the desk does not list changes nothing and says so.
 */
async function onListedInquiry(
  form: FormData,
  change: (store: InsightsStore, reference: string) => Promise<DeskNotice>,
): Promise<never> {
  if (!(await withinQuota())) backToDesk('busy');
  if (!(await deskVisitor()).session) redirect(DESK_PATH);
  const reference = form.get('reference');
  const store = getInsightsStore();
  const listed =
    typeof reference === 'string' &&
    store &&
    (await store.readInquiries(firstDayOf(MONTH_DAYS))).some((inquiry) => inquiry.reference === reference);
  if (!listed || !store) backToDesk('not-found', '#inquiries');
  backToDesk(await change(store, reference), '#inquiries');
}

/** Marks one inquiry answered (the reply itself is in her mail). */
export async function markAnswered(form: FormData): Promise<void> {
  await onListedInquiry(form, async (store, reference) => {
    await store.markAnswered(reference, new Date().toISOString());
    return 'answered';
  });
}

/** Takes a mark back: the inquiry waits for her reply again. */
export async function markNotAnswered(form: FormData): Promise<void> {
  await onListedInquiry(form, async (store, reference) => {
    await store.unmarkAnswered(reference);
    return 'not-answered';
  });
}

/** Erases who wrote and what they want now; the reference, age, channel, sender and engagement remain. */
export async function eraseInquiryDetails(form: FormData): Promise<void> {
  await onListedInquiry(form, async (store, reference) =>
    (await store.eraseDetails(reference)) ? 'erased' : 'nothing-to-erase',
  );
}
