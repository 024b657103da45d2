import { isJsonObject } from '@/lib/text/json-object';
import type { HostConnection } from '../shared/host';

/** The resource whose entries describe each engagement in full, price included (docs/mcp.md, "Resources"). */
const ENGAGEMENTS_URI = 'consultancy://resources/engagements';

/**
 * The engagement's price, read from the engagements resource through the host when it relays resources/read
 * (evaluate_client_needs's answer has no price, and stays as it is); undefined when the host does not, or the
 * read fails: the card is whole without it.
 */
export async function readPrice(host: HostConnection, key: string): Promise<string | undefined> {
  if (!host.getHostCapabilities().serverResources) return undefined;
  try {
    const { contents } = await host.readServerResource({ uri: ENGAGEMENTS_URI });
    const text = contents.find((content) => 'text' in content)?.text;
    const resource: unknown = typeof text === 'string' ? JSON.parse(text) : undefined;
    const entries = isJsonObject(resource) && Array.isArray(resource.data) ? resource.data : [];
    const entry: unknown = entries.find((candidate) => isJsonObject(candidate) && candidate.key === key);
    return isJsonObject(entry) && typeof entry.price === 'string' ? entry.price : undefined;
  } catch {
    return undefined;
  }
}
