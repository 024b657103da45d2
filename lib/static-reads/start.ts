import type { Config } from '@/lib/config/env';
import { type StaticAnswers, loadStaticAnswers, staticReadsDir } from './answers';

/**
 * At start-up (lib/startup.ts): the static reads' answers when the build in `distDir` wrote them for this
 * SITE_URL, for the front door to serve (front.ts); otherwise (no SITE_URL at build, another SITE_URL now) none,
 * so their routes answer them, and a mismatch is said in the log.
 */
export function loadStaticReads(
  config: Pick<Config, 'SITE_URL' | 'RATE_LIMIT_PER_MINUTE'>,
  distDir: string,
): StaticAnswers | undefined {
  const { answers, problem } = loadStaticAnswers(
    staticReadsDir(distDir),
    config.SITE_URL,
    config.RATE_LIMIT_PER_MINUTE,
  );
  if (problem) console.warn(`[static reads] ${problem}`);
  return answers;
}
