import path from 'node:path';
import type { Config } from '@/lib/config/env';
import { loadStaticAnswers, staticReadsDir } from './answers';
import { serveStaticReads } from './front';

/**
 * At start-up (lib/startup.ts): when the build wrote the static reads for this SITE_URL, they are answered from
 * memory before Next (front.ts); otherwise (no SITE_URL at build, `next dev`, another SITE_URL now) their
 * routes answer them, and a mismatch is said in the log.
 */
export function startStaticReads(config: Pick<Config, 'SITE_URL' | 'RATE_LIMIT_PER_MINUTE'>): void {
  if (process.env.NODE_ENV !== 'production') return;
  const distDir = path.resolve(/* turbopackIgnore: true */ process.env.NEXT_DIST_DIR || '.next');
  const { answers, problem } = loadStaticAnswers(staticReadsDir(distDir), config.SITE_URL, config.RATE_LIMIT_PER_MINUTE);
  if (problem) console.warn(`[static reads] ${problem}`);
  if (answers) serveStaticReads(answers);
}
