import type { Config } from '@/lib/config/env';
import { pageHeadersWarning } from '@/lib/build/page-headers';
import { readBuildId, readServerActionIds } from '@/lib/next/build-output';
import { staticReadsDir } from '@/lib/static-reads/catalog';
import { FastPath } from './fast-path';
import { loadPageAnswers } from './page-answers';
import { loadStaticAnswers } from './static-read-answers';

/** What the project's server takes from the build at start-up. */
export interface LoadedBuild {
  fastPath: FastPath;
  serverActionIds?: ReadonlySet<string>;
}

/**
 * Reads the build's answers once, before the server listens, and says once in the log what is missing and what to
 * do. It never writes into the build: a missing piece costs speed (Next answers instead), never service.
 */
export function loadBuild(config: Pick<Config, 'SITE_URL' | 'RATE_LIMIT_PER_MINUTE'>, distDir: string): LoadedBuild {
  if (!readBuildId(distDir)) throw new Error(`There is no production build in ${distDir}: run npm run build first.`);
  const missingHeaders = pageHeadersWarning(distDir);
  if (missingHeaders) console.warn(missingHeaders);
  const { answers: staticReads, problem } = loadStaticAnswers(
    staticReadsDir(distDir),
    config.SITE_URL,
    config.RATE_LIMIT_PER_MINUTE,
  );
  if (problem) console.warn(`[static reads] ${problem}`);
  return {
    fastPath: new FastPath({ staticReads, pages: loadPageAnswers(distDir) }),
    serverActionIds: readServerActionIds(distDir),
  };
}
