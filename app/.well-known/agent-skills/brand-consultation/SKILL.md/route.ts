import { apiRoute, otherMethods } from '@/lib/http/api-route';
import { serveSkillMarkdown } from '@/lib/discovery/agent-skills';

/** GET the SKILL.md that teaches an agent to use the site (docs/agents-and-crawlers.md, "Agent Skills"). */
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = apiRoute(async (request) => serveSkillMarkdown(request));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
