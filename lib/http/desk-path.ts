/**
 * The consultant's private desk (docs/desk.md): its pages are rendered per request for her alone, so they are
 * never counted, never given as markdown and never listed in a discovery document.
 */
export const DESK_PATH = '/desk';
/** The page that opens a mailed sign-in link; only its button's POST uses the link's token. */
export const DESK_SIGN_IN_PATH = `${DESK_PATH}/sign-in`;

export const isDeskPath = (pathname: string): boolean =>
  pathname === DESK_PATH || pathname.startsWith(`${DESK_PATH}/`) || pathname.startsWith(`${DESK_PATH}.`);
