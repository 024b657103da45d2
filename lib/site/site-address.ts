/**
 * This site's address in the commands the /agents page shows: a shell variable. The page is prerendered once for
 * every origin it is served under, so the browser writes the real one in (lib/ui/site-address.tsx).
 */
export const SITE_ADDRESS = '$SITE';
