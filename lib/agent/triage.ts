import { type RequestChannel, agentFamilyOfChannel, callerStatements, describeChannel } from './channel';
import type { AgentIdentity } from '@/lib/security/web-bot-auth/verify-request';
import type { EngagementSuggestion } from './evaluate';

/** What the consultant's mail says about a request beyond its fields, as plain text for lib/mail. */
export interface MailTriage {
  /** How the request arrived, in the site's words: the form, the REST API or MCP. */
  channel: string;
  /** The agent family the site recognised; none for the form. */
  agentFamily?: string;
  /** evaluate_client_needs's pick for the request, and the words that made it. */
  suggestedEngagement: string;
  /** Whether a signer verified who sent the request, or its identity is only claimed (Web Bot Auth). */
  identity?: string;
  /** What the caller said about itself (User-Agent, MCP client): shown only among the untrusted fields. */
  callerStatements: [label: string, value: string][];
}

function quoted(words: readonly string[]): string {
  return words.map((word) => `"${word}"`).join(', ');
}

/** evaluate_client_needs's pick for the request, and the words that made it, for triage before replying. */
export function describeSuggestion(suggestion: EngagementSuggestion): string {
  const matched = [
    ...(suggestion.matchedKeywords.length > 0 ? [`project context: ${quoted(suggestion.matchedKeywords)}`] : []),
    ...(suggestion.matchedDescription.length > 0 ? [`its description: ${quoted(suggestion.matchedDescription)}`] : []),
    ...(suggestion.matchedSectors.length > 0 ? [`sector: ${quoted(suggestion.matchedSectors)}`] : []),
  ];
  return matched.length > 0
    ? `${suggestion.title} (matched ${matched.join('; ')})`
    : `${suggestion.title} (the usual first step: no keyword of any engagement matched)`;
}

/**
 * The identity line: the signer that verified the request, or that it is only claimed. Only the site's own words
 * and a listed signer's origin appear; a signer a request merely names is never shown.
 */
export function describeIdentity(identity: AgentIdentity): string {
  if (identity.verified) return `verified by ${identity.signer} (Web Bot Auth signature)`;
  return identity.reason === 'not signed'
    ? 'only claimed (the request carried no signature)'
    : `only claimed (its signature was not verified: ${identity.reason})`;
}

/** The triage lines of a request's mail. */
export function mailTriage(
  channel: RequestChannel,
  suggestion: EngagementSuggestion,
  identity?: AgentIdentity,
): MailTriage {
  return {
    channel: describeChannel(channel),
    agentFamily: agentFamilyOfChannel(channel),
    suggestedEngagement: describeSuggestion(suggestion),
    callerStatements: callerStatements(channel),
    ...(identity ? { identity: describeIdentity(identity) } : {}),
  };
}
