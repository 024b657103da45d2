/**
 * Next's instrumentation hook: start-up when Next is run directly (`next start`, `next dev`, a platform). Under
 * the project's server (server.ts) start-up has already run, and this finds it done. The Node.js-only work is
 * imported only on that runtime (Next's documented pattern), so the Edge bundle never sees it.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs' && process.env.NEXT_PHASE !== 'phase-production-build') {
    const { startWithoutProjectServer } = await import('./lib/start-up/without-project-server');
    await startWithoutProjectServer();
  }
}
