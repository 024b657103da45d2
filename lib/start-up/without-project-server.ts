import { projectServer } from './project-server';
import { startServices } from './services';
import { writeCountsUntilExit } from './stop-services';
import { markStopping } from '@/lib/http/health';

/**
 * Start-up when Next serves without the project's server in front (bare `next start`, `next dev`, a platform
 * that calls Next's handlers): the same start-up, what the project's graceful stop would do at a signal, and a
 * word in the log about the client address, which only the project's server reads from the socket.
 */
export async function startWithoutProjectServer(): Promise<void> {
  // Next has set NODE_ENV by now: `next start` always runs as a live site (lib/config/live-site.ts).
  const config = await startServices(process.env.NODE_ENV);
  if (projectServer.running) return;
  writeCountsUntilExit();
  // Next closes its port at the signal; a request already on an open connection then hears 503 from the probe.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, markStopping);
  if (!config.TRUST_PROXY) {
    console.warn(
      '[server] served by Next alone: Next keeps an X-Forwarded-For header a client sends, so quotas count clients by an address they can choose. Put a proxy that appends the client address in front and set TRUST_PROXY=true, or run npm start (docs/serving.md, "Client address").',
    );
  }
}
