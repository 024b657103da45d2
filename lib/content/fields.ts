import { z } from 'zod';
import { editDistance } from '../text/edit-distance';

/** The schema that does the work inside optional, default, nullable and transform wrappers. */
function unwrap(schema: z.core.$ZodType): z.core.$ZodType {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return unwrap(schema.unwrap());
  }
  // A transform's input is the field as written; a preprocess (a transform before a schema) is its schema.
  if (schema instanceof z.ZodPipe) return unwrap(schema.in instanceof z.ZodTransform ? schema.out : schema.in);
  return schema;
}

/** The schema reached by following `path` (field names and list positions) from `schema`, unwrapped. */
export function schemaAt(schema: z.core.$ZodType, path: readonly PropertyKey[]): z.core.$ZodType | undefined {
  let current = unwrap(schema);
  for (const part of path) {
    if (current instanceof z.ZodArray && typeof part === 'number') current = unwrap(current.element);
    else if (current instanceof z.ZodObject && typeof part === 'string' && part in current.shape) {
      const next = current.shape[part];
      if (!next) return undefined;
      current = unwrap(next);
    } else return undefined;
  }
  return current;
}

function objectAt(schema: z.core.$ZodType, path: readonly PropertyKey[]): z.ZodObject | undefined {
  const found = schemaAt(schema, path);
  return found instanceof z.ZodObject ? found : undefined;
}

/** The field names allowed in the group of fields at `path`, or none when `path` is not a group. */
export function fieldsAt(schema: z.core.$ZodType, path: readonly PropertyKey[]): string[] {
  return Object.keys(objectAt(schema, path)?.shape ?? {});
}

/**
 * Every field of a content schema as a dotted path, nested groups included: `location.city`, and
 * `social.label` for the fields of each entry in a list. Used to keep content/README.md complete.
 */
export function listFieldPaths(schema: z.core.$ZodType, prefix = ''): string[] {
  let inner = unwrap(schema);
  while (inner instanceof z.ZodArray) inner = unwrap(inner.element);
  if (!(inner instanceof z.ZodObject)) return [];
  return Object.entries(inner.shape).flatMap(([name, field]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    return [path, ...listFieldPaths(field, path)];
  });
}

function simplify(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The known field an unknown name was probably meant to be (`keyword` → `keywords`), if one is close. */
export function suggestField(unknown: string, known: readonly string[]): string | undefined {
  const target = simplify(unknown);
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(target, simplify(name));
    if (distance <= 2 && distance < target.length / 2 && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}
