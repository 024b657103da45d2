import { SERVER_CARD_PATH } from '@/lib/http/api-paths';
import { publicOrigin } from '@/lib/security/public-origin';
import { type Content, getContent } from '@/lib/content';
import { SKILL_NAME, SKILL_PATH, skillDescription } from '@/lib/discovery/agent-skills/skill-md';
import { documentWithEtag } from './server-card-response';
import { AI_CATALOG_MEDIA_TYPE, SERVER_CARD_MEDIA_TYPE } from './server-card-schema';

/** The ARD media type of a single SKILL.md (ai-catalog "type"). */
const SKILL_MEDIA_TYPE = 'text/markdown; profile="urn:air:agent-skills"';

/** What a person might ask that this site answers: 2 to 5 queries, as ARD recommends for its index. */
function representativeQueries({ engagements }: Content): string[] {
  return [
    'find a brand and positioning consultant for a technology company',
    ...engagements.slice(0, 3).map((engagement) => `${engagement.title} for a technology company`),
  ];
}

/**
 * The AI Catalog of /.well-known/ai-catalog.json (Agentic Resource Discovery 1.0): the host, the MCP server card
 * (SEP-2127 discovery) and the Agent Skill, each with the identifier, display name, type and representative
 * queries the ARD schema asks for, identifiers in the domain-anchored `urn:air:{publisher}:{namespace}:{name}` form.
 */
export function buildAiCatalog(origin: string) {
  const content = getContent();
  const { siteName, description } = content.site;
  const host = new URL(origin).hostname;
  const name = siteName.toLowerCase().replace(/[^a-z0-9.-]+/g, '-');
  const queries = representativeQueries(content);
  return {
    specVersion: '1.0',
    host: { displayName: siteName, documentationUrl: `${origin}/agents` },
    entries: [
      {
        identifier: `urn:air:${host}:mcp:${name}`,
        displayName: `${siteName} MCP server`,
        type: SERVER_CARD_MEDIA_TYPE,
        url: `${origin}${SERVER_CARD_PATH}`,
        description,
        representativeQueries: queries,
      },
      {
        identifier: `urn:air:${host}:skill:${SKILL_NAME}`,
        displayName: `${siteName}: brand consultation skill`,
        type: SKILL_MEDIA_TYPE,
        url: `${origin}${SKILL_PATH}`,
        description: skillDescription(content),
        representativeQueries: queries,
      },
    ],
  };
}

/** GET /.well-known/ai-catalog.json, on the request's origin. */
export function serveAiCatalog(request: Request): Response {
  return documentWithEtag(request, buildAiCatalog(publicOrigin(request)), AI_CATALOG_MEDIA_TYPE);
}
