import { processSingleton } from '@/lib/process-singleton';
import { CACHE_NEVER } from './cache-control';

const state = processSingleton<{ stopping: boolean }>('health', () => ({ stopping: false }));

/** Says that a stop has begun in this process, so the health probe answers 503 from now on. */
export function markStopping(): void {
  state.stopping = true;
}

/**
 * The health probe's answer: 200 while the instance serves, 503 once a stop has begun, so a load balancer takes
 * it out of rotation before the port closes. Costs no store, no quota and no count (docs/deployment.md).
 */
export function healthAnswer(): Response {
  const { stopping } = state;
  return Response.json(
    { status: stopping ? 'stopping' : 'ok' },
    { status: stopping ? 503 : 200, headers: { 'Cache-Control': CACHE_NEVER } },
  );
}
