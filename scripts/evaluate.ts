/**
 * `npm run evaluate`: what evaluate_client_needs makes of an inquiry, for tuning keywords and concepts in
 * content/engagements without reading code. Prints the ranking, each engagement's points and the words that
 * earned them, and the words that counted less (a conceded or rejected clause).
 *
 * Usage:
 *   npm run evaluate -- "inquiry text" "sector"
 *   npm run evaluate -- --corpus [file]      accuracy on a labelled corpus (default tests/fixtures/evaluate-inquiries.json)
 *   add --dir path/to/content to read another content folder.
 */
import { evaluateClientNeeds } from '../lib/agent/evaluate';
import { measureAccuracy, readInquiryCorpus } from '../lib/agent/scoring/scoring-accuracy';
import { chooseEngagement } from '../lib/agent/scoring/choose';
import { weighWords } from '../lib/agent/scoring/clauses';
import { type EngagementScore, SECTOR_POINTS } from '../lib/agent/scoring/score';
import { FUNCTION_WORDS, stemWord } from '../lib/text/words';
import {
  type Content,
  ContentError,
  type Engagement,
  contentDirectory,
  formatProblem,
  loadContent,
} from '../lib/content/index';

const DEFAULT_CORPUS = 'tests/fixtures/evaluate-inquiries.json';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const fixed = (value: number) => value.toFixed(1).padStart(5);

function describeScore(score: EngagementScore, place: number): string[] {
  const { engagement } = score;
  const lines = [
    `${place}. ${engagement.title.padEnd(30)} ${fixed(score.total)} points  ` +
      `(keywords ${fixed(score.keywordPoints).trim()}, description ${fixed(score.evidencePoints).trim()}, sector ${fixed(score.sectorPoints).trim()})`,
  ];
  for (const match of score.matches) {
    const source = match.concept ? `concept "${match.concept}"` : 'keyword';
    const typo = match.readAs ? `, read as "${match.readAs}"` : '';
    lines.push(`     ${fixed(match.points)}  "${match.written}"  ${source} "${match.phrase}"${typo}`);
  }
  for (const match of score.evidence) lines.push(`     ${fixed(match.points)}  "${match.written}"  description`);
  for (const sector of score.matchedSectors) lines.push(`     ${fixed(SECTOR_POINTS)}  sector "${sector}"`);
  return lines;
}

function evaluateOne(engagements: Engagement[], consultantName: string, challenges: string, sector: string): void {
  const request = { challenges, technology_sector: sector };
  const { ranked, strength } = chooseEngagement(engagements, request);
  const answer = evaluateClientNeeds(request, { engagements, consultantName, scheduleUrl: '(schedule_consultation)' });
  console.log(`recommended: ${answer.recommended.title} (signal: ${strength})`);
  console.log(`also consider: ${answer.alsoConsider?.title ?? '(none)'}`);
  console.log(`why: ${answer.recommended.why}\n`);
  ranked.forEach((score, index) => console.log(describeScore(score, index + 1).join('\n')));
  // The client's words no engagement's keywords, concepts or description used: candidates for new keywords.
  const earned = new Set(
    ranked
      .flatMap((score) => [
        ...score.matches.flatMap((match) => match.written.split(' ')),
        ...score.evidence.map((match) => match.written),
      ])
      .map(stemWord),
  );
  const unmatched = weighWords(challenges)
    .map((word) => word.written)
    .filter(
      (word) => word.length >= 3 && !/^\d+$/.test(word) && !FUNCTION_WORDS.has(word) && !earned.has(stemWord(word)),
    );
  console.log(
    `\nmatched nothing (candidates for keywords or concepts): ${[...new Set(unmatched)].join(' ') || '(none)'}`,
  );
  const weighed = weighWords(challenges).filter((word) => word.weight < 1);
  if (weighed.length > 0) {
    const show = (weight: number) =>
      weighed
        .filter((word) => word.weight === weight)
        .map((word) => word.written)
        .join(' ');
    const conceded = show(weighed.find((word) => word.weight > 0)?.weight ?? -1);
    const rejected = show(0);
    if (conceded) console.log(`\ncounted less (a clause the writer says is fine, or concedes): ${conceded}`);
    if (rejected) console.log(`not counted (something the writer does not want): ${rejected}`);
  }
}

function evaluateCorpus(engagements: Engagement[], file: string): void {
  const inquiries = readInquiryCorpus(file);
  const keys = engagements.map((engagement) => engagement.key);
  for (const split of ['dev', 'held-out'] as const) {
    const result = measureAccuracy(
      engagements,
      inquiries.filter((inquiry) => inquiry.split === split),
    );
    const { beyondFallback: beyond } = result;
    console.log(
      `${split}: ${result.accepted}/${result.count} acceptable (${result.accuracy.toFixed(3)}); ` +
        `where the fallback is not acceptable ${beyond.accepted}/${beyond.count} (${beyond.accuracy.toFixed(3)})`,
    );
    console.log(`  best label \\ recommended  ${keys.map((key) => key.padStart(18)).join('')}`);
    for (const row of keys) {
      const cells = keys.map((key) => String(result.confusion[row]?.[key] ?? 0).padStart(18)).join('');
      console.log(`  ${row.padEnd(24)} ${cells}`);
    }
    // Held-out misses are not printed: that half measures, and reading its failures would be tuning to it.
    if (split === 'dev') {
      for (const { inquiry, recommended } of result.misses) {
        console.log(
          `  miss ${inquiry.id}: ${recommended} (accept ${inquiry.accept.join(', ')}): ${inquiry.challenges}`,
        );
      }
    }
  }
}

/** The content, or the check's own lines and exit 1: broken content is the consultant's to fix, not a crash. */
function readContent(dir: string): Content {
  try {
    return loadContent(dir);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    console.error(`content has ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}:`);
    for (const problem of error.problems) console.error(formatProblem(problem));
    process.exit(1);
  }
}

const { engagements, bio } = readContent(option('--dir') ?? contentDirectory());
if (process.argv.includes('--corpus')) {
  const file = option('--corpus');
  evaluateCorpus(engagements, file && !file.startsWith('--') ? file : DEFAULT_CORPUS);
} else {
  const [challenges, sector = ''] = process.argv
    .slice(2)
    .filter((arg, i, all) => arg !== '--dir' && all[i - 1] !== '--dir');
  if (challenges === undefined) {
    console.error('usage: npm run evaluate -- "inquiry text" "sector"   (or --corpus [file])');
    process.exit(1);
  }
  evaluateOne(engagements, bio.name, challenges, sector);
}
