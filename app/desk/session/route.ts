import { signInByPost } from '@/lib/desk/sign-in-post';

export const dynamic = 'force-dynamic';

/** The sign-in page's button posts the mailed link's token here, in the body (docs/desk.md, "Signing in"). */
export function POST(request: Request): Promise<Response> {
  return signInByPost(request);
}
