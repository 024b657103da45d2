/**
 * The consultant's private desk (docs/desk.md): its pages are rendered per request for her alone, so they are
 * never counted, never given as markdown and never listed in a discovery document.
 */
export const DESK_PATH = '/desk';
/** The page that opens a mailed sign-in link; only its button's POST uses the link's token. */
export const DESK_SIGN_IN_PATH = `${DESK_PATH}/sign-in`;
/** Where that button posts the token, in the body: the POST's URL, which proxies log, carries none. */
export const DESK_SESSION_PATH = `${DESK_PATH}/session`;

export const isDeskPath = (pathname: string): boolean =>
  pathname === DESK_PATH || pathname.startsWith(`${DESK_PATH}/`) || pathname.startsWith(`${DESK_PATH}.`);
