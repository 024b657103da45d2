import { keyPart } from '@/lib/counting/counts';
import { agentFamilyOf } from '@/lib/http/agent-family';
import { cleanClientText } from '@/lib/text/client-name';
import { channelWords } from '@/lib/words';

/**
 * How a consultation request reached the site, from what the request itself carried: never an address.
 * The consultant's mail shows it so that requests can be triaged before replying.
 */
export type RequestChannel =
  | { kind: 'form' }
  | { kind: 'rest'; userAgent?: string }
  | {
      kind: 'mcp';
      protocolVersion: string;
      client?: { name: string; version: string };
      /** What a request without a session shows of its sender, when no session or envelope names the client. */
      userAgent?: string;
    };

/** Longest caller-supplied text (a User-Agent, a client name) shown in the mail. */
const MAX_SHOWN = 200;

const shown = (value: string): string => cleanClientText(value, MAX_SHOWN) || '(empty)';

/**
 * The channel in the desk's words (lib/words): "the contact form", "the REST API", "ChatGPT through MCP" for an MCP
 * client the site knows by name, else "MCP"; never a value the caller chose.
 */
export function describeChannel(channel: RequestChannel): string {
  return channelWords(channel.kind, channel.kind === 'mcp' ? (channel.client?.name ?? '') : channel.kind);
}

/**
 * The agent family the site recognised (lib/http/agent-family.ts: a name from its own lists, or `other`), from
 * the User-Agent over REST, and over MCP from the client's name or, without one, the User-Agent; none for the form.
 */
export function agentFamilyOfChannel(channel: RequestChannel): string | undefined {
  switch (channel.kind) {
    case 'form':
      return undefined;
    case 'rest':
      return agentFamilyOf(channel.userAgent ?? '');
    case 'mcp':
      return agentFamilyOf(channel.client?.name ?? channel.userAgent ?? '');
  }
}

/**
 * What the caller said about itself (the User-Agent; the MCP client's name and version and the revision it
 * asked for), one bounded line each: caller's text, which the mail shows only among the untrusted fields.
 */
export function callerStatements(channel: RequestChannel): [label: string, value: string][] {
  switch (channel.kind) {
    case 'form':
      return [];
    case 'rest':
      return [['User-Agent', channel.userAgent ? shown(channel.userAgent) : 'not sent']];
    case 'mcp':
      return [
        ['MCP client', channel.client ? `${shown(channel.client.name)} ${shown(channel.client.version)}` : 'not named'],
        ...(channel.userAgent === undefined
          ? []
          : [['User-Agent', shown(channel.userAgent)] satisfies [string, string]]),
        ['MCP protocol revision', shown(channel.protocolVersion)],
      ];
  }
}

/**
 * Who made a request, as the inquiry log names it: the agent family (REST, and MCP without a named client), the
 * MCP client's name, or `form`.
 */
export function countedClientOf(channel: RequestChannel): string {
  switch (channel.kind) {
    case 'form':
      return 'form';
    case 'rest':
      return agentFamilyOf(channel.userAgent ?? '');
    case 'mcp':
      if (channel.client) return keyPart(cleanClientText(channel.client.name, 60) || '(not named)');
      return channel.userAgent === undefined ? keyPart('(not named)') : agentFamilyOf(channel.userAgent);
  }
}
