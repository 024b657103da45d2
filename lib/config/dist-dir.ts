import path from 'node:path';

/** The build folder's name: NEXT_DIST_DIR, else `.next` (next.config.ts's distDir; it imports this file). */
export const distDirName = (): string => process.env.NEXT_DIST_DIR || '.next';

/** The build folder, absolute, from the folder the build or the server runs in. */
export const distDir = (): string => path.resolve(/* turbopackIgnore: true */ distDirName());
