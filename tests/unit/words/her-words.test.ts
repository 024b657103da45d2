import { AI_AGENT_UA_PATTERNS } from '@vercel/agent-readability';
import { describe, expect, it } from 'vitest';
import { agentFamilyOf } from '@/lib/http/agent-family';
import { MORE_AI_FETCHERS } from '@/lib/http/ai-agents';
import { channelWords, productOfFamily, senderWords, visitorWords } from '@/lib/words';

/** A family as the classifier names it for a User-Agent that carries the list's name. */
const familyOfListName = (name: string) => agentFamilyOf(`Mozilla/5.0 (compatible; ${name}/1.0)`);

describe('her words for who sent a request', () => {
  it('names every AI assistant and crawler the site recognises by its product, never by the list name alone', () => {
    for (const name of ['perplexity-user', ...MORE_AI_FETCHERS, ...AI_AGENT_UA_PATTERNS]) {
      const family = familyOfListName(name);
      expect(productOfFamily(family), `${name} (${family})`).toBeDefined();
      expect(visitorWords(family)).not.toContain(family);
    }
  });

  it('says what kind of agent it is', () => {
    expect(visitorWords('ai-assistant/chatgpt')).toBe('ChatGPT, fetching for a person');
    expect(visitorWords('ai-crawler/gptbot')).toBe("OpenAI's crawler (GPTBot)");
    expect(visitorWords('browser')).toBe('a person, in a web browser');
    expect(visitorWords('other')).toBe('a script or program (not an assistant the site knows)');
  });

  it("names an inquiry's channel and sender in words, an unknown MCP client as quoted text", () => {
    expect(channelWords('mcp', 'openai-mcp')).toBe('ChatGPT through MCP');
    expect(channelWords('form', 'form')).toBe('the contact form');
    expect(channelWords('rest', 'ai-assistant/claude-user')).toBe('the REST API');
    expect(senderWords('claude-ai')).toBe('Claude');
    expect(senderWords('ai-assistant/claude-user')).toBe('Claude, fetching for a person');
    expect(senderWords('my-tool')).toBe('an MCP client that calls itself “my-tool”');
  });
});
