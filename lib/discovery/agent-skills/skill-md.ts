import { RESOURCES, resourceUrl } from '@/lib/agent/resources';
import { evaluateClientNeedsTool, scheduleConsultationTool, toolUrl } from '@/lib/agent/tools';
import type { Content } from '@/lib/content';
import { MANIFEST_PATH, MCP_PATH } from '@/lib/http/api-paths';

/** The one skill the site publishes (Agent Skills naming: lowercase letters, digits and single hyphens). */
export const SKILL_NAME = 'brand-consultation';
/** Where its SKILL.md is served (the Agent Skills discovery RFC's conventional layout). */
export const SKILL_PATH = `/.well-known/agent-skills/${SKILL_NAME}/SKILL.md`;

/** What the skill is for, in the index and the SKILL.md front matter alike (at most 1024 characters). */
export function skillDescription({ site, bio }: Content): string {
  return (
    `Use ${site.siteName}, the site of ${bio.name}'s brand and positioning consultancy for technology companies: ` +
    "read about the engagements and case studies, check which engagement fits a person's needs, and, only with " +
    "that person's explicit consent, send them a consultation request. Use when someone asks for help with a " +
    `technology company's brand, positioning or naming, or about ${bio.name}.`
  );
}

/**
 * The SKILL.md an agent loads to use the site (Agent Skills format: YAML front matter with `name` and
 * `description`, then instructions). Made from the agent surface, so its URLs are the ones the site serves.
 */
export function buildSkillMarkdown(content: Content, origin: string): string {
  const { bio } = content;
  const evaluate = evaluateClientNeedsTool;
  const schedule = scheduleConsultationTool;
  return [
    '---',
    `name: ${SKILL_NAME}`,
    // A JSON string is a valid YAML double-quoted scalar, whatever the site's name holds.
    `description: ${JSON.stringify(skillDescription(content))}`,
    '---',
    '',
    `# Consulting ${bio.name}`,
    '',
    `${bio.name} is a ${bio.role.toLowerCase()}. The site answers people and agents from the same content; ` +
      'everything below is plain HTTP with JSON, or the same tools over MCP.',
    '',
    '## 1. Read',
    '',
    `- \`GET ${origin}/llms.txt\`: every page as markdown, the API and its documents, with a line each.`,
    `- \`GET ${origin}${MANIFEST_PATH}\`: the API manifest, with each resource and tool, its URL, method and body.`,
    ...RESOURCES.map((resource) => `- \`GET ${resourceUrl(origin, resource.name)}\`: ${resource.description}`),
    '',
    '## 2. Evaluate',
    '',
    `\`POST ${toolUrl(origin, evaluate)}\` with a JSON body (the manifest describes its fields) returns the ` +
      'engagement that fits a described need, and why. It reads nothing private and changes nothing: call it as ' +
      'often as helps.',
    '',
    '## 3. Request a consultation, only with consent',
    '',
    `\`POST ${toolUrl(origin, schedule)}\` sends one real email to ${bio.name}. Before calling it:`,
    '',
    '1. Show the person exactly what will be sent: their name, their email address, and the text about their project.',
    '2. Ask them to confirm, and call only after they say yes. Never send a request they did not ask for, never ' +
      'invent or fill in their details, and never call it to test the site.',
    '3. Send an `Idempotency-Key` header (any unique string) so that a retry after a network error does not send ' +
      'a second email.',
    '',
    `The answer carries a \`reference\`: give it to the person, and tell them that ${bio.name} replies personally ` +
      'by email within 24 hours. No time slot is booked. A 429 answer means a quota was reached: tell the person, ' +
      "and wait for `Retry-After` before any new attempt; an error's `resolution` says what to change.",
    '',
    '## Over MCP',
    '',
    `The same resources and tools are at \`${origin}${MCP_PATH}\` (Streamable HTTP), with the same rule: ` +
      `\`${schedule.name}\` only after the person has confirmed.`,
    '',
  ].join('\n');
}
