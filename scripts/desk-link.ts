/**
 * `npm run desk-link [-- --origin https://example.com]`: a fresh sign-in link to the desk, printed here. It is
 * kept in the store the server uses (`<DATA_DIR>/desk`, or Redis with REDIS_URL), so run it on the server, with
 * the server's settings. The web form's limits do not count it: no one else can use up this way in. docs/desk.md.
 */
import { getConfig } from '@/lib/config/env';
import { openDeskStore } from '@/lib/stores/desk/open-desk-store';
import { ownerLinkOrigin } from '@/lib/desk/owner-link-origin';
import { SIGN_IN_TOKEN_TTL_SECONDS, issueSignInLink } from '@/lib/desk/sign-in-token';

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

try {
  const config = getConfig();
  const { origin, note } = ownerLinkOrigin(process.argv.slice(2), config, process.env);
  const store = await openDeskStore(config);
  try {
    const link = await issueSignInLink(store, origin);
    if (note) console.log(`${note}\n`);
    console.log(
      `Your sign-in link to the desk. Open it in your browser and press "Sign in" within ` +
        `${SIGN_IN_TOKEN_TTL_SECONDS / 60} minutes; it works once:\n\n${link}\n`,
    );
  } finally {
    await store.close();
  }
} catch (error) {
  console.error(`No sign-in link was made: ${reason(error)}`);
  process.exitCode = 1;
}
