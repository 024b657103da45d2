/**
 * Keeps the listener open for STOP_DELAY_SECONDS after SIGTERM, answering as usual but with the health probe at
 * 503, so a load balancer stops sending requests before the port closes (docs/deployment.md, "Health checks").
 * Not after SIGINT: that is someone at a terminal, and nothing routes by it. Resolves with the milliseconds
 * waited, which count into the stop's bound.
 */
export async function delayBeforeClosing(signal: NodeJS.Signals, delaySeconds: number): Promise<number> {
  if (signal !== 'SIGTERM' || delaySeconds <= 0) return 0;
  console.log(`[server] the health probe answers 503; the port closes in ${delaySeconds} s`);
  await new Promise((resolve) => setTimeout(resolve, delaySeconds * 1000));
  return delaySeconds * 1000;
}
