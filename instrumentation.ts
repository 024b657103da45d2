/**
 * Next's instrumentation hook: runs once when the server starts. The Node.js-only work is in lib/startup.ts,
 * imported only on that runtime (Next's documented pattern), so the Edge bundle never sees it.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs' && process.env.NEXT_PHASE !== 'phase-production-build') {
    const { startServer } = await import('./lib/startup');
    await startServer();
  }
}
