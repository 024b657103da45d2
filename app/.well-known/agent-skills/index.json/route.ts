import { apiRoute, otherMethods } from '@/lib/http/api-route';
import { serveAgentSkillsIndex } from '@/lib/discovery/agent-skills';

/** GET /.well-known/agent-skills/index.json: the Agent Skills index (docs/agents-and-crawlers.md). */
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = apiRoute(async (request) => serveAgentSkillsIndex(request));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
