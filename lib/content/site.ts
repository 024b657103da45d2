import path from 'node:path';
import { type FileResult, readJsonFile } from './files';
import { type Site, SiteSchema } from './schemas';

/** Reads and validates content/site.json: site-wide settings and page copy. */
export function loadSite(contentDir: string): FileResult<Site> {
  return readJsonFile(path.join(contentDir, 'site.json'), SiteSchema);
}
