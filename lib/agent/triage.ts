import { type RequestChannel, agentFamilyOfChannel, callerStatements, describeChannel } from './channel';
import { describeSender } from './sender';
import { SIGNATURE_WORDS } from '@/lib/words';
import type { AgentIdentity, ClaimReason } from '@/lib/security/web-bot-auth/verify-request';
import type { EngagementSuggestion } from './evaluate';

/** What the consultant's mail says about a request beyond its fields, as plain text for lib/mail. */
interface MailTriage {
  /** How the request arrived, in the site's words: the form, the REST API or MCP. */
  channel: string;
  /** What sent it, in plain words: the assistant the site recognised, a script, or a browser for the form. */
  sender: string;
  /** evaluate_client_needs's pick for the request, and the words that made it. */
  suggestedEngagement: string;
  /** Whether the sender proved who it is with a Web Bot Auth signature, or why not. */
  identity?: string;
  /** What the caller said about itself (User-Agent, MCP client): shown only among the untrusted fields. */
  callerStatements: [label: string, value: string][];
}

function quoted(words: readonly string[]): string {
  return words.map((word) => `"${word}"`).join(', ');
}

/**
 * evaluate_client_needs's pick for the request, and what made it, for triage before replying: the consultant's own
 * keywords and sectors by name, the description's words by number (as matched, they are the requester's spelling).
 */
function describeSuggestion(suggestion: EngagementSuggestion): string {
  const described = suggestion.matchedDescription.length;
  const matched = [
    ...(suggestion.matchedKeywords.length > 0 ? [`project context: ${quoted(suggestion.matchedKeywords)}`] : []),
    ...(described > 0 ? [`${described} word${described === 1 ? '' : 's'} of its description`] : []),
    ...(suggestion.matchedSectors.length > 0 ? [`sector: ${quoted(suggestion.matchedSectors)}`] : []),
  ];
  return matched.length > 0
    ? `${suggestion.title} (matched ${matched.join('; ')})`
    : `${suggestion.title} (the usual first step: no keyword of any engagement matched)`;
}

/** Why a signature did not verify, in the site's words: the mail never quotes what a request carried. */
const CLAIM_REASONS: Record<Exclude<ClaimReason, 'unsigned'>, string> = {
  incomplete: 'it lacks the Signature or Signature-Input header',
  'no signer named': 'no Signature-Agent names its signer',
  'signer not listed': 'its signer is not one this site trusts',
  'not bound to the site': "it does not cover this site's name and its signer",
  'not web bot auth': 'it is not tagged as a Web Bot Auth signature',
  'lifetime too long': 'it is valid for longer than a day',
  'unknown key': "its key is not in the signer's key directory",
  'keys not fetched in time': "the signer's key directory did not answer in time",
  'signature mismatch': 'it does not match this request (made for another site or request, or altered)',
  'unreadable or out of date': 'it could not be read, or has expired or is not yet valid',
  'seen before': 'it was seen before, with an earlier request: a signature proves one request only',
};

/** A signer's origin as a person reads it: `https://chatgpt.com` is `chatgpt.com`. */
function signerHost(signer: string): string {
  return URL.canParse(signer) ? new URL(signer).host : signer;
}

/**
 * The identity line, one of the desk's three outcomes: verified by a listed signer's signature, a signature that
 * failed (and why), or not signed. Only the site's own words and
 * a listed signer's host appear; a signer a request merely names is never shown.
 */
export function describeIdentity(identity: AgentIdentity): string {
  if (identity.verified)
    return `${SIGNATURE_WORDS.verified}: its Web Bot Auth signature was checked with ${signerHost(identity.signer)}'s keys`;
  return identity.reason === 'unsigned'
    ? `${SIGNATURE_WORDS.unsigned}: it sent no signature, so nothing proves who sent it`
    : `${SIGNATURE_WORDS.invalid} (a warning): it sent a signature, but ${CLAIM_REASONS[identity.reason]}`;
}

/** The triage lines of a request's mail. */
export function mailTriage(
  channel: RequestChannel,
  suggestion: EngagementSuggestion,
  identity?: AgentIdentity,
): MailTriage {
  return {
    channel: describeChannel(channel),
    sender: describeSender(agentFamilyOfChannel(channel)),
    suggestedEngagement: describeSuggestion(suggestion),
    callerStatements: callerStatements(channel),
    ...(identity ? { identity: describeIdentity(identity) } : {}),
  };
}
