import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeFields, inputJsonSchema } from '@/lib/agent/describe';
import { buildManifest } from '@/lib/discovery/rest-manifest';
import { RESOURCES } from '@/lib/agent/resources';
import { ManifestSchema, ResourceNameSchema } from '@/lib/agent/agent-schemas';
import { TOOLS } from '@/lib/agent/tools';
import { API_VERSION } from '@/lib/api-version';

describe('one source for every shape', () => {
  const manifest = buildManifest('https://site.example');

  it('the manifest matches its own schema and carries the one version', () => {
    expect(ManifestSchema.parse(manifest)).toEqual(manifest);
    expect(manifest.version).toBe(API_VERSION);
  });

  it('lists exactly the four resource names, from the resource definitions', () => {
    expect(RESOURCES.map((r) => r.name)).toEqual(ResourceNameSchema.options);
    expect(manifest.resources.map((r) => r.name)).toEqual(['bio', 'case-studies', 'engagements', 'contact-card']);
  });

  it.each(TOOLS.map((tool) => [tool.name, tool] as const))(
    '%s: the manifest body is derived from the zod schema',
    (_name, tool) => {
      const entry = manifest.tools.find((t) => t.name === tool.name);
      const schema = inputJsonSchema(tool.input);
      const properties = z
        .object({ properties: z.record(z.string(), z.unknown()), required: z.array(z.string()) })
        .parse(schema);
      expect(Object.keys(entry?.body ?? {})).toEqual(Object.keys(properties.properties));
      expect(entry?.body).toEqual(describeFields(tool.input));
      for (const [field, text] of Object.entries(entry?.body ?? {})) {
        expect(text).toMatch(properties.required.includes(field) ? /, required/ : /, optional/);
      }
      expect(entry?.url).toBe(`https://site.example/api/agent/tools/${tool.name.replace(/_/g, '-')}`);
    },
  );
});
