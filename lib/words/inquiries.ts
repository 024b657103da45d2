import { MCP_CLIENT_PRODUCTS, productIn } from './products';
import { visitorWords } from './visitors';

/** How a consultation request arrived, by the inquiry log's channel. */
export const CHANNEL_WORDS = {
  form: 'the contact form',
  rest: 'the REST API',
  mcp: 'MCP',
} as const;

/**
 * What sent an inquiry, by the log's `client` (lib/agent/channel.ts countedClientOf): `form`, an agent family, or
 * the name an MCP client gave itself. A name the site does not know is quoted as text, never as a product.
 */
export function senderWords(client: string): string {
  if (client === 'form') return 'a person, on the contact form';
  if (/^(ai-assistant|ai-crawler|search-crawler)(\/|$)|^(browser|other)$/.test(client)) return visitorWords(client);
  const product = productIn(MCP_CLIENT_PRODUCTS, client.toLowerCase());
  return product ?? `an MCP client that calls itself “${client}”`;
}

/** The channel as she reads it: "the contact form", "ChatGPT through MCP", "the REST API". */
export function channelWords(channel: keyof typeof CHANNEL_WORDS, client: string): string {
  if (channel !== 'mcp') return CHANNEL_WORDS[channel];
  const product = productIn(MCP_CLIENT_PRODUCTS, client.toLowerCase());
  return product ? `${product} through MCP` : CHANNEL_WORDS.mcp;
}
