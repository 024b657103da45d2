import type { CurlExample } from '@/lib/site/agent-examples';
import type { ResourceDoc } from '@/lib/site/agent-docs';
import { CodeBlock } from '../code-block';
import { DocSection } from './doc-section';
import { resourcesInWords } from '@/lib/agent/surface';
import { capitalised } from '@/lib/words';

/** The manifest and the read-only resources. */
export function ResourcesSection({
  manifestPath,
  version,
  resources,
  examples,
}: {
  manifestPath: string;
  version: string;
  resources: readonly ResourceDoc[];
  examples: { manifest: CurlExample; resource: CurlExample };
}) {
  return (
    <>
      <DocSection id="manifest" title="Start with the manifest">
        <p>
          <code>GET {manifestPath}</code> returns a JSON manifest that lists every resource and tool with its URL,
          method and body shape, and the address of the MCP endpoint. It is the entry point and the version authority:
          the current version is <code>{version}</code>, and every response carries it in a <code>REST-Version</code>{' '}
          header. Breaking changes are published as a new manifest version before any URL changes.
        </p>
        <CodeBlock label={examples.manifest.title} code={examples.manifest.command} />
      </DocSection>
      <DocSection id="resources" title={capitalised(resourcesInWords())}>
        <p>
          Each resource is a plain <code>GET</code> with no parameters and no authentication, at a path of this site.
        </p>
        <div className="table-scroll" role="region" aria-label="Resources" tabIndex={0}>
          <table>
            <caption>Resources</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Path</th>
                <th scope="col">Returns</th>
              </tr>
            </thead>
            <tbody>
              {resources.map((resource) => (
                <tr key={resource.name}>
                  <th scope="row">
                    <code>{resource.name}</code>
                  </th>
                  <td>
                    <code>{resource.path}</code>
                  </td>
                  <td>
                    {resource.description} <code>{resource.shape}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <CodeBlock label={examples.resource.title} code={examples.resource.command} />
      </DocSection>
    </>
  );
}
