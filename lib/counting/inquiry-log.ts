import type { RequestChannel } from '@/lib/agent/channel';
import { agentFamilyOf } from '@/lib/http/agent-family';
import { count, keyPart } from './counts';
import { getInsightsStore } from './store';

/** Who made a request, as counted: the agent family (REST), the MCP client's name, or `form`. */
export function clientOf(channel: RequestChannel): string {
  switch (channel.kind) {
    case 'form':
      return 'form';
    case 'rest':
      return agentFamilyOf(channel.userAgent ?? '');
    case 'mcp':
      return keyPart(channel.client?.name ?? '(not named)');
  }
}

/**
 * Logs one accepted consultation request: its reference, time, channel, client and suggested engagement, never
 * the name, email or text. The mail has already gone, so a store that fails is logged, never the caller's error.
 */
export async function logInquiry(reference: string, channel: RequestChannel, engagement: string): Promise<void> {
  count('inquiry', channel.kind);
  const store = getInsightsStore();
  if (!store) return;
  const inquiry = {
    reference,
    at: new Date().toISOString(),
    channel: channel.kind,
    client: clientOf(channel),
    engagement,
  };
  try {
    await store.addInquiry(inquiry);
  } catch (error) {
    console.warn(`[insights] inquiry ${reference} was mailed but could not be logged`, error);
  }
}
