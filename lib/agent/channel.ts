import { keyPart } from '@/lib/counting/counts';
import { agentFamilyOf } from '@/lib/http/agent-family';

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

function shown(value: string): string {
  const line = value.replace(/[\r\n\u0000-\u001f\u007f]+/g, ' ').trim();
  return line.length > MAX_SHOWN ? `${line.slice(0, MAX_SHOWN)}…` : line;
}

/** One line for the mail: "MCP (client Claude 1.2.0, revision 2025-06-18)", "the REST API (User-Agent: curl/8.5)". */
export function describeChannel(channel: RequestChannel): string {
  switch (channel.kind) {
    case 'form':
      return 'the contact form on the website';
    case 'rest':
      return `the REST API (User-Agent: ${channel.userAgent ? shown(channel.userAgent) : 'not sent'})`;
    case 'mcp': {
      const sender = channel.userAgent === undefined ? '' : `, User-Agent: ${shown(channel.userAgent) || 'not sent'}`;
      const client = channel.client
        ? `${shown(channel.client.name)} ${shown(channel.client.version)}`
        : `not named${sender}`;
      return `MCP (client ${client}, protocol revision ${shown(channel.protocolVersion)})`;
    }
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
      if (channel.client) return keyPart(channel.client.name);
      return channel.userAgent === undefined ? keyPart('(not named)') : agentFamilyOf(channel.userAgent);
  }
}
