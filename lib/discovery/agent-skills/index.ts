import { createHash } from 'node:crypto';
import { getContent } from '@/lib/content';
import { matchesIfNoneMatch, strongEtag } from '@/lib/http/conditional';
import { publicOrigin } from '@/lib/security/public-origin';
import { SKILL_NAME, SKILL_PATH, buildSkillMarkdown, skillDescription } from './skill-md';

/** The index's schema URI, an opaque version identifier (Agent Skills Discovery RFC v0.2.0, "Versioning"). */
const AGENT_SKILLS_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';

/** `sha256:{hex}` of the artifact's bytes, as the index's `digest` names it. */
export const skillDigest = (text: string): string =>
  `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;

/** The index of `/.well-known/agent-skills/index.json`: the one skill, with the digest of the SKILL.md served on `origin`. */
export function buildAgentSkillsIndex(origin: string) {
  const content = getContent();
  return {
    $schema: AGENT_SKILLS_SCHEMA,
    skills: [
      {
        name: SKILL_NAME,
        type: 'skill-md',
        description: skillDescription(content),
        url: SKILL_PATH,
        digest: skillDigest(buildSkillMarkdown(content, origin)),
      },
    ],
  };
}

/** A document with a strong ETag of its bytes and an hour's caching, 304 when the client holds it already. */
function answer(request: Request, text: string, contentType: string): Response {
  const etag = strongEtag(text);
  const headers = { 'Cache-Control': 'public, max-age=3600', ETag: etag, 'Content-Type': contentType };
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), etag))
    return new Response(null, { status: 304, headers });
  return new Response(text, { status: 200, headers });
}

/** GET /.well-known/agent-skills/index.json. */
export function serveAgentSkillsIndex(request: Request): Response {
  const index = buildAgentSkillsIndex(publicOrigin(request));
  return answer(request, JSON.stringify(index, null, 2), 'application/json');
}

/** GET of the skill's SKILL.md, on the request's origin (the bytes the index's digest is of). */
export function serveSkillMarkdown(request: Request): Response {
  return answer(request, buildSkillMarkdown(getContent(), publicOrigin(request)), 'text/markdown; charset=utf-8');
}
