import { healthAnswer } from '@/lib/http/health';
import { HEALTH_PATH } from '@/lib/http/api-paths';
import { endpoint } from '@/lib/http/api-route';

/** GET /api/health: the probe of load balancers and orchestrators; unmetered and uncounted (docs/deployment.md). */
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint(HEALTH_PATH, { GET: async () => healthAnswer() });
