import type { App } from '@modelcontextprotocol/ext-apps';
import { z } from 'zod';
import { ResourceJsonSchema } from '@/lib/agent/schemas';

/** The resource whose entries describe each engagement in full, price included (docs/mcp.md, "Resources"). */
const ENGAGEMENTS_URI = 'consultancy://resources/engagements';

const PricedSchema = z.looseObject({ key: z.string(), price: z.string().optional() });

/**
 * The engagement's price, read from the engagements resource through the host when it relays resources/read
 * (evaluate_client_needs's answer has no price, and stays as it is); undefined when the host does not, or the
 * read fails: the card is whole without it.
 */
export async function readPrice(app: App, key: string): Promise<string | undefined> {
  if (!app.getHostCapabilities()?.serverResources) return undefined;
  try {
    const { contents } = await app.readServerResource({ uri: ENGAGEMENTS_URI });
    const text = contents.find((content) => 'text' in content)?.text;
    if (typeof text !== 'string') return undefined;
    const { data } = ResourceJsonSchema.parse(JSON.parse(text));
    return data.map((entry) => PricedSchema.safeParse(entry)).find((entry) => entry.data?.key === key)?.data?.price;
  } catch {
    return undefined;
  }
}
