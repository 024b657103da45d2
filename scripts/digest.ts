/**
 * `npm run digest`: sends the weekly digest now, to MAIL_TO (else the biography's email) only, through the
 * configured SMTP server (or the embedded inbox's outbox when SMTP_HOST is unset). docs/insights.md.
 */
import { getConfig } from '@/lib/config/env';
import { describeDelivery, sendDigest } from '@/lib/insights/digest';
import { openInsightsStore } from '@/lib/stores/insights/open-insights-store';

const store = await openInsightsStore(getConfig());
try {
  console.log(describeDelivery(await sendDigest(store, getConfig())));
} catch (error) {
  console.error(`the digest was not sent: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await store.close();
}
// The embedded inbox, when it was started, would keep the process alive.
process.exit();
