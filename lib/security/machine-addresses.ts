import os from 'node:os';

/** This machine's own IP addresses (every interface), for the host check when SITE_URL is unset. */
export function machineAddresses(): string[] {
  return Object.values(os.networkInterfaces()).flatMap((addresses) =>
    (addresses ?? []).map((address) => address.address),
  );
}
