import { z } from 'zod';

/** The JSON Schema of a request schema as callers send it (the input side of any transforms). */
export function inputJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' });
}

const FieldSchema = z.looseObject({
  type: z.string().optional(),
  format: z.string().optional(),
  description: z.string().optional(),
  maxLength: z.number().optional(),
});
const ObjectSchema = z.looseObject({
  properties: z.record(z.string(), FieldSchema).default({}),
  required: z.array(z.string()).default([]),
});

type Shape = z.output<typeof ObjectSchema>;

// A schema never changes once made, so its JSON Schema is derived once, not on every request that reads a body
// (z.toJSONSchema and the parse below were most of the cost of a tool call).
const shapes = new WeakMap<z.ZodType, Shape>();

function shapeOf(schema: z.ZodType): Shape {
  let shape = shapes.get(schema);
  if (!shape) {
    shape = ObjectSchema.parse(inputJsonSchema(schema));
    shapes.set(schema, shape);
  }
  return shape;
}

/**
 * One string per field, for the manifest's tool `body` (docs/agent-api.md, "Manifest": one string per field, its
 * type and whether it is required), derived from the zod schema so it cannot drift from validation:
 * "string (email), required: address the consultant replies to".
 */
export function describeFields(schema: z.ZodType): Record<string, string> {
  const shape = shapeOf(schema);
  return Object.fromEntries(
    Object.entries(shape.properties).map(([name, field]) => {
      const type = `${field.type ?? 'any'}${field.format ? ` (${field.format})` : ''}`;
      const required = shape.required.includes(name) ? 'required' : 'optional';
      const limit = field.maxLength ? `, at most ${field.maxLength} characters` : '';
      return [name, `${type}, ${required}${limit}${field.description ? `: ${field.description}` : ''}`];
    }),
  );
}

const summaries = new WeakMap<z.ZodType, string>();

/** The body fields as one line for error resolutions: "client_name (string, required), ...". */
export function summariseFields(schema: z.ZodType): string {
  let summary = summaries.get(schema);
  if (summary === undefined) {
    const shape = shapeOf(schema);
    summary = Object.entries(shape.properties)
      .map(
        ([name, field]) =>
          `${name} (${field.type ?? 'any'}, ${shape.required.includes(name) ? 'required' : 'optional'})`,
      )
      .join(', ');
    summaries.set(schema, summary);
  }
  return summary;
}
