import type { Config } from '@/lib/config/env';
import { hostCheck } from './allowed-host';
import { machineAddresses } from './machine-addresses';

/** The host check of this deployment (SITE_URL, ALLOWED_HOSTS, and the machine's addresses when SITE_URL is unset). */
export function siteHostCheck(config: Pick<Config, 'SITE_URL' | 'ALLOWED_HOSTS'>) {
  return hostCheck({
    siteUrl: config.SITE_URL,
    allowedHosts: config.ALLOWED_HOSTS,
    ownAddresses: config.SITE_URL ? [] : machineAddresses(),
  });
}
