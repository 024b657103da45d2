import { count } from './counts';
import { type Inquiry, getInsightsStore } from './store';

/**
 * Logs one accepted consultation request: its reference, channel, client and suggested engagement, with the time,
 * never the name, email or text. The mail has already gone, so a store that fails is logged, never the caller's error.
 */
export async function logInquiry({ reference, channel, client, engagement }: Omit<Inquiry, 'at'>): Promise<void> {
  count('inquiry', channel);
  const store = getInsightsStore();
  if (!store) return;
  try {
    await store.addInquiry({ reference, at: new Date().toISOString(), channel, client, engagement });
  } catch (error) {
    console.warn(`[insights] inquiry ${reference} was mailed but could not be logged`, error);
  }
}
