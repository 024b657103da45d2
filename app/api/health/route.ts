import { healthAnswer } from '@/lib/http/health';
import { otherMethods } from '@/lib/http/api-route';

/** GET /api/health: the probe of load balancers and orchestrators; unmetered and uncounted (docs/deployment.md). */
export const dynamic = 'force-dynamic';

export const GET = async () => healthAnswer();

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
