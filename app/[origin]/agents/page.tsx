import type { Metadata } from 'next';
import { type OriginParams, pageOrigin } from '@/lib/site/page-origin';
import { getContent, getSite } from '@/lib/content';
import { describeAgentSurface } from '@/lib/site/agent-docs';
import { AGENT_PATHS, buildCurlExamples } from '@/lib/site/agent-examples';
import { pageMetadata } from '@/lib/site/metadata';
import { API_VERSION } from '@/lib/api-version';
import { ConventionsSection } from '@/lib/ui/agents/conventions-section';
import { McpSection } from '@/lib/ui/agents/mcp-section';
import { ResourcesSection } from '@/lib/ui/agents/resources-section';
import { ToolsSection } from '@/lib/ui/agents/tools-section';
import { PageIntro } from '@/lib/ui/page-intro';
import { WebMcpTools } from '@/lib/ui/webmcp-tools';
import { PageJsonLd } from '@/lib/ui/json-ld';

export async function generateMetadata({ params }: { params: Promise<OriginParams> }): Promise<Metadata> {
  const origin = await pageOrigin(params);
  const { title, description } = getSite().pages.agents;
  return pageMetadata({ title, description, path: '/agents', origin });
}

const CONTENTS = [
  { id: 'manifest', label: 'Manifest' },
  { id: 'resources', label: 'Resources' },
  { id: 'tools', label: 'Tools' },
  { id: 'mcp', label: 'MCP' },
  { id: 'discovery', label: 'Discovery' },
  { id: 'conventions', label: 'Errors and headers' },
];

export default async function AgentsPage({ params }: { params: Promise<OriginParams> }) {
  const origin = await pageOrigin(params);
  const { site, bio } = getContent();
  const page = site.pages.agents;
  const { resources, evaluate, schedule } = describeAgentSurface();
  const examples = buildCurlExamples(origin);
  return (
    <>
      <PageJsonLd path="/agents" origin={origin} />
      <PageIntro eyebrow="Agent API · MCP · llms.txt" title={page.title} intro={page.intro} />
      <div className="container section docs">
        <nav className="docs__toc" aria-label="On this page">
          <p className="label">On this page</p>
          <ol>
            {CONTENTS.map((entry) => (
              <li key={entry.id}>
                <a href={`#${entry.id}`}>{entry.label}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="docs__body">
          <ResourcesSection
            manifestPath={AGENT_PATHS.manifest}
            version={API_VERSION}
            resources={resources}
            examples={examples}
          />
          <ToolsSection
            evaluate={evaluate}
            schedule={schedule}
            consultantName={bio.name}
            responseTime={site.pages.contact.responseTime}
            examples={examples}
          />
          <McpSection mcpPath={AGENT_PATHS.mcp} mcpManifestPath={AGENT_PATHS.mcpManifest} examples={examples} />
          <ConventionsSection examples={examples} />
        </div>
      </div>
      <WebMcpTools />
    </>
  );
}
