import { CONTENT_SIGNAL as CONTENT_SIGNAL_VALUE } from '@/lib/http/content-preferences';

/**
 * Crawlers of AI assistants and search, welcomed by name: a consultancy wants to be found and quoted. Each gets
 * the same rule as everyone else; naming them makes the welcome explicit for operators who look for their bot.
 */
const AI_CRAWLERS = [
  'GPTBot',
  'OAI-SearchBot',
  'ChatGPT-User',
  'ClaudeBot',
  'Claude-User',
  'Claude-SearchBot',
  'PerplexityBot',
  'Perplexity-User',
  'Google-Extended',
  'Applebot-Extended',
  'CCBot',
  'Meta-ExternalAgent',
  'Amazonbot',
  'DuckAssistBot',
  'MistralAI-User',
] as const;

/**
 * robots.txt: everything may be crawled. The Content-Signal line (contentsignals.org) states the use the
 * consultant allows: search, answers in AI assistants (ai-input) and model training (ai-train); the pages'
 * Content-Usage header says the same (lib/http/content-preferences.ts).
 */
const CONTENT_SIGNAL = `Content-Signal: ${CONTENT_SIGNAL_VALUE}`;

export function buildRobotsTxt(origin: string): string {
  return [
    '# Everything here may be crawled: the pages, their markdown (/llms.txt lists them) and the agent API.',
    'User-Agent: *',
    CONTENT_SIGNAL,
    'Allow: /',
    '',
    ...AI_CRAWLERS.map((agent) => `User-Agent: ${agent}`),
    CONTENT_SIGNAL,
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
