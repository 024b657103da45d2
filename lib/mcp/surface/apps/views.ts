import fs from 'node:fs';
import path from 'node:path';
import { ProtocolError, ProtocolErrorCode, type Resource } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { distDir } from '@/lib/config/dist-dir';
import { MCP_APP_VIEWS_FILE } from './views-file';

/** The MIME type of an MCP App view (MCP Apps 2026-01-26, "UI Resource Format"). */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** One view: the ui:// resource a host shows in a sandboxed frame, and the key it is built under (mcp-app-views/). */
export interface McpAppView {
  key: 'fit-card' | 'request';
  uri: string;
  name: string;
  title: string;
  description: string;
}

export const FIT_CARD_VIEW: McpAppView = {
  key: 'fit-card',
  uri: 'ui://consultancy/fit-card.html',
  name: 'fit-card',
  title: 'Fit card',
  description:
    "The engagement that fits the client's needs, the runner-up, and a request to review and send, from evaluate_client_needs.",
};

export const REQUEST_VIEW: McpAppView = {
  key: 'request',
  uri: 'ui://consultancy/request.html',
  name: 'consultation-request',
  title: 'Consultation request',
  description:
    'A consultation request from schedule_consultation: its reference and what happens next, or the error with the request to correct and send.',
};

export const MCP_APP_VIEWS: readonly McpAppView[] = [FIT_CARD_VIEW, REQUEST_VIEW];

/**
 * What a host reads about a view, on the resources/list entry and on the resources/read content alike (some hosts
 * read only one): no domain at all, since everything is inline (Claude ignores declared domains), a border, and
 * ChatGPT's own keys beside the standard `ui` (ChatGPT widens its frame's policy only from `openai/widgetCSP`).
 */
export function viewMeta(view: McpAppView): NonNullable<Resource['_meta']> {
  return {
    ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true },
    'openai/widgetCSP': { connect_domains: [], resource_domains: [] },
    'openai/widgetDescription': view.description,
    'openai/widgetPrefersBorder': true,
  };
}

const BuiltViewsSchema = z.record(z.string(), z.string());

// Built once by npm run build and read once per process: a deploy is the only thing that changes them.
let built: Record<string, string> | undefined;

/** The view's HTML document, as npm run build made it; read from the build folder the first time only. */
export function readViewHtml(view: McpAppView): string {
  built ??= readBuiltViews();
  const html = built[view.key];
  if (html === undefined) {
    throw new ProtocolError(ProtocolErrorCode.InternalError, `The view ${view.uri} is missing from this build.`);
  }
  return html;
}

function readBuiltViews(): Record<string, string> {
  const file = path.join(distDir(), MCP_APP_VIEWS_FILE);
  if (!fs.existsSync(file)) {
    throw new ProtocolError(
      ProtocolErrorCode.InternalError,
      'The MCP App views have not been built: run npm run build, which bundles them into the build folder.',
    );
  }
  return BuiltViewsSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}
