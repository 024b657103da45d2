import path from 'node:path';

/**
 * The content folder: CONTENT_DIR when set (tests point it at fixtures), else ./content. Its own file because
 * next.config.ts reads it too (for the content version), and imports relative paths only.
 */
export function contentDirectory(): string {
  const override = process.env.CONTENT_DIR;
  if (override) return path.resolve(/* turbopackIgnore: true */ override);
  return path.join(process.cwd(), 'content');
}
