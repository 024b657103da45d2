/**
 * The AI assistants whose links send people to the site, by the host a link's Referer names (or a `utm_source`
 * such a link carries, which ChatGPT adds as its host), with the name people know each by. The one list: counting
 * keeps only the key, never the Referer.
 */
export const ASSISTANT_REFERRERS: Readonly<Record<string, { hosts: readonly string[]; name: string }>> = {
  chatgpt: { hosts: ['chatgpt.com', 'chat.openai.com'], name: 'ChatGPT' },
  perplexity: { hosts: ['perplexity.ai'], name: 'Perplexity' },
  claude: { hosts: ['claude.ai'], name: 'Claude' },
  copilot: { hosts: ['copilot.microsoft.com', 'copilot.cloud.microsoft'], name: 'Microsoft Copilot' },
  gemini: { hosts: ['gemini.google.com', 'bard.google.com'], name: 'Gemini' },
  'le-chat': { hosts: ['chat.mistral.ai'], name: 'Le Chat (Mistral AI)' },
  deepseek: { hosts: ['chat.deepseek.com'], name: 'DeepSeek' },
  'meta-ai': { hosts: ['meta.ai'], name: 'Meta AI' },
  'you.com': { hosts: ['you.com'], name: 'You.com' },
};

const BY_HOST: ReadonlyMap<string, string> = new Map(
  Object.entries(ASSISTANT_REFERRERS).flatMap(([key, { hosts }]) => hosts.map((host) => [host, key] as const)),
);

/** The assistant a host belongs to (the host itself or a subdomain of a listed one), by its key. */
export function assistantOfHost(host: string): string | undefined {
  let name = host.toLowerCase().replace(/\.$/, '');
  for (;;) {
    const key = BY_HOST.get(name) ?? BY_HOST.get(name.replace(/^www\./, ''));
    if (key) return key;
    const dot = name.indexOf('.');
    if (dot < 0) return undefined;
    name = name.slice(dot + 1);
  }
}

/** The assistant a link's `utm_source` names: a listed host (ChatGPT writes `chatgpt.com`) or a key (`perplexity`). */
export function assistantOfSource(source: string): string | undefined {
  const name = source.trim().toLowerCase();
  return Object.hasOwn(ASSISTANT_REFERRERS, name) ? name : assistantOfHost(name);
}

/** The name of an assistant key in her words ("ChatGPT"); an unknown key reads as "another assistant". */
export function assistantReferrerWords(key: string): string {
  return Object.hasOwn(ASSISTANT_REFERRERS, key) ? (ASSISTANT_REFERRERS[key]?.name ?? key) : 'another assistant';
}
