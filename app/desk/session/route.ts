import { DESK_HEADERS } from '@/lib/http/shared-headers';
import { signInByPost } from '@/lib/desk/sign-in-post';

export const dynamic = 'force-dynamic';

/** The sign-in page's button posts the mailed link's token here, in the body (docs/desk.md, "Signing in"). */
export function POST(request: Request): Promise<Response> {
  return signInByPost(request);
}

/** Opened as a page (a link copied by hand): says where signing in starts, rather than Next's empty 405. */
export function GET(): Response {
  return new Response(
    'Method Not Allowed: to sign in, open the link in your sign-in mail and press its Sign in button.\n',
    {
      status: 405,
      headers: { ...DESK_HEADERS, Allow: 'POST', 'Content-Type': 'text/plain; charset=utf-8' },
    },
  );
}
