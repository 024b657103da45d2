import { count } from './counts';
import { type Inquiry, type InquiryDetails, getInsightsStore } from '@/lib/stores/insights/insights-store';

/**
 * Logs one accepted consultation request: its reference, channel, client and suggested engagement, with the time;
 * and, for the desk only, who wrote and what they want until `details.keptUntil`. The mail has already gone, so a
 * store that fails is logged (by reference, never a detail), never the caller's error.
 */
export async function logInquiry(
  { reference, channel, client, engagement }: Omit<Inquiry, 'at'>,
  details?: InquiryDetails,
): Promise<void> {
  count('inquiry', channel);
  const store = getInsightsStore();
  if (!store) return;
  try {
    await store.addInquiry({ reference, at: new Date().toISOString(), channel, client, engagement });
    if (details) await store.keepDetails(reference, details);
  } catch (error) {
    console.warn(`[insights] inquiry ${reference} was mailed but could not be logged`, error);
  }
}
