/**
 * Copies the consultant's photo, when content/bio.md names one, into the build folder (npm run build, after
 * `next build`): Next serves it from there and its image optimiser makes the sizes the pages ask for.
 */
import path from 'node:path';
import { distDir } from '../lib/config/dist-dir';
import { contentDirectory } from '../lib/content/directory';
import { placePortrait } from '../lib/content/portrait-build';

const copy = placePortrait(contentDirectory(), distDir());
console.log(
  copy ? `Portrait: ${path.relative(process.cwd(), copy)}` : 'Portrait: none named, the pages show the initials',
);
