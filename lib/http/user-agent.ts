/**
 * The longest User-Agent the site reads. Real agents fit in a few hundred characters; past this, Next's own
 * bot-detection pattern costs time that grows with the square of the length (docs/serving.md, "Bounded
 * requests"), so proxy.ts cuts a longer one here before anything reads it.
 */
export const MAX_USER_AGENT_LENGTH = 512;

/** A User-Agent cut to MAX_USER_AGENT_LENGTH characters; shorter ones (nearly all) are returned as they are. */
export function boundedUserAgent(userAgent: string): string {
  return userAgent.length > MAX_USER_AGENT_LENGTH ? userAgent.slice(0, MAX_USER_AGENT_LENGTH) : userAgent;
}
