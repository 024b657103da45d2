import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateClientNeeds, scoreEngagements } from '@/lib/agent/evaluate';
import { chooseEngagement } from '@/lib/agent/scoring/choose';
import { CONCESSION, weighWords } from '@/lib/agent/scoring/clauses';
import { correctTypo } from '@/lib/agent/scoring/typos';
import { vocabularyOf } from '@/lib/agent/scoring/vocabulary';
import { americanSpelling, foldText, normalise, stemWord } from '@/lib/text/words';
import { type Engagement, loadContent } from '@/lib/content';
import { editDistance, isOneEditApart } from '@/lib/text/edit-distance';

const { engagements, bio } = loadContent();
const context = { engagements, consultantName: bio.name, scheduleUrl: 'https://site.example/schedule' };
const evaluate = (challenges: string, technology_sector = 'agriculture') =>
  evaluateClientNeeds({ challenges, technology_sector }, context);
const choose = (challenges: string, list: readonly Engagement[] = engagements) =>
  chooseEngagement(list, { challenges, technology_sector: 'agriculture' });
const weightsOf = (text: string) => Object.fromEntries(weighWords(text).map((word) => [word.written, word.weight]));

describe('words: a real stemmer, British and American spelling, contractions', () => {
  it('gives word forms one stem (Porter)', () => {
    expect(new Set(['position', 'positions', 'positioning', 'positioned'].map(stemWord)).size).toBe(1);
    expect(new Set(['differentiate', 'differentiation', 'differentiated'].map(stemWord)).size).toBe(1);
    expect(new Set(['mentor', 'mentoring', 'mentored', 'mentors'].map(stemWord)).size).toBe(1);
    expect(stemWord('naming')).toBe(stemWord('name'));
  });

  it('reads British spellings as American ones', () => {
    for (const [british, american] of [
      ['colour', 'color'],
      ['colours', 'colors'],
      ['commoditised', 'commoditized'],
      ['organisation', 'organization'],
      ['analyse', 'analyze'],
      ['centre', 'center'],
      ['catalogue', 'catalog'],
      ['defence', 'defense'],
      ['programme', 'program'],
      ['grey', 'gray'],
    ]) {
      expect(americanSpelling(british ?? '')).toBe(american);
      expect(stemWord(british ?? '')).toBe(stemWord(american ?? ''));
    }
    expect(normalise('Optimise our Colour Palette')).toEqual(normalise('optimize our color palette'));
  });

  it('leaves short words and words that only look British alone', () => {
    for (const word of ['our', 'your', 'four', 'hour', 'rise', 'raise', 'store', 'more', 'fence', 'science']) {
      expect(americanSpelling(word)).toBe(word);
    }
  });

  it('keeps "marketing" apart from "market", which Porter would merge', () => {
    expect(stemWord('marketing')).not.toBe(stemWord('market'));
    expect(stemWord('markets')).toBe(stemWord('market'));
    expect(choose('We need a new marketing director.').chosen.matchedKeywords).not.toContain('new market');
  });

  it('writes contractions out and drops other apostrophes', () => {
    expect(foldText("We don't, can't, won't; we're sure it's Marketing’s")).toBe(
      'we do not, can not, will not; we are sure its marketings',
    );
  });
});

describe('typos: one slip in a long word is read as the word content uses', () => {
  const vocabulary = vocabularyOf(engagements);

  it('counts a swap of two letters as one edit', () => {
    expect(editDistance('messagign', 'messaging')).toBe(1);
    expect(editDistance('narative', 'narrative')).toBe(1);
    expect(editDistance('rebrand', 'brand')).toBe(2);
  });

  it('reads a missing, extra, wrong or swapped letter back', () => {
    expect(correctTypo('messagng', vocabulary)).toBe('messaging');
    expect(correctTypo('narrattive', vocabulary)).toBe('narrative');
    expect(correctTypo('positoning', vocabulary)).toBe('positioning');
    expect(correctTypo('typograhpy', vocabulary)).toBe('typography');
  });

  it('leaves known words, short words and numbers alone', () => {
    expect(correctTypo('messaging', vocabulary)).toBeUndefined();
    expect(correctTypo('naming', vocabulary)).toBeUndefined();
    expect(correctTypo('gaming', vocabulary)).toBeUndefined();
    expect(correctTypo('series2', vocabulary)).toBeUndefined();
  });

  it('a misspelt keyword keeps its signal, and why says how it was read', () => {
    const right = choose('our messaging is weak');
    const wrong = choose('our messagng is weak');
    expect(wrong.chosen.engagement.key).toBe('messaging-system');
    expect(wrong.chosen.keywordPoints).toBe(right.chosen.keywordPoints);
    expect(evaluate('our messagng is weak').recommended.why).toContain('"messagng" (read as "messaging")');
  });
});

describe('clauses: what the writer says is fine or does not want counts less', () => {
  it('weighs the part before "but" as a concession', () => {
    const weights = weightsOf('The product is great, but our pitch deck rambles.');
    expect(weights.product).toBe(CONCESSION);
    expect(weights.pitch).toBe(1);
  });

  it('weighs a clause that approves of something as a concession, without any "but"', () => {
    expect(weightsOf('Our story works; the visuals let us down.').story).toBe(CONCESSION);
    expect(weightsOf('Our logo looks fine and we need investors.').logo).toBe(CONCESSION);
    expect(weightsOf('Our logo looks fine and we need investors.').investors).toBe(1);
    expect(weightsOf('Our logo is not good.').logo).toBe(1);
  });

  it('weighs what the writer has already done as a concession', () => {
    const weights = weightsOf('We have done the positioning work already. Now we need ongoing help.');
    expect(weights.positioning).toBe(CONCESSION);
    expect(weights.ongoing).toBe(1);
    expect(weightsOf('We already have a logo, and we need investors.').logo).toBe(CONCESSION);
  });

  it('weighs a clause led by "although" or "while" as a concession', () => {
    const weights = weightsOf('Although our brand is well known, nobody understands the pitch.');
    expect(weights.brand).toBe(CONCESSION);
    expect(weights.pitch).toBe(1);
  });

  it('does not count what the writer rejects, up to the end of the clause', () => {
    const weights = weightsOf("We don't need a new logo, our pitch is the problem.");
    expect(weights.logo).toBe(0);
    expect(weights.pitch).toBe(1);
    expect(weightsOf('We want ongoing help rather than a rebrand.').rebrand).toBe(0);
    expect(weightsOf('We want ongoing help rather than a rebrand.').ongoing).toBe(1);
  });

  it('a keyword used in a conceded clause loses to the problem the writer names', () => {
    const plain = choose('Our visual identity and logo, and our pitch deck.');
    expect(plain.chosen.engagement.key).toBe('brand-identity');
    expect(choose('Our visual identity and logo are great, but our pitch deck rambles.').chosen.engagement.key).toBe(
      'messaging-system',
    );
    expect(choose("We don't need a new logo or a rebrand. Our pitch deck rambles.").chosen.engagement.key).toBe(
      'messaging-system',
    );
  });
});

describe('vocabulary: the consultant extends it in content', () => {
  const withConcept = (key: string, concepts: Record<string, string[]>) =>
    engagements.map((engagement) => (engagement.key === key ? { ...engagement, concepts } : engagement));

  it('a concept added in content changes the recommendation, and why names the concept', () => {
    const text = 'We want a wise owl for the leadership team.';
    expect(choose(text).chosen.engagement.key).not.toBe('advisory-retainer');
    const edited = withConcept('advisory-retainer', { wisdom: ['wise owl'] });
    const choice = choose(text, edited);
    expect(choice.chosen.engagement.key).toBe('advisory-retainer');
    expect(choice.chosen.matches).toEqual([{ phrase: 'wise owl', concept: 'wisdom', written: 'wise owl', points: 3 }]);
    const why = evaluateClientNeeds({ challenges: text, technology_sector: '' }, { ...context, engagements: edited })
      .recommended.why;
    expect(why).toContain('"wise owl" (wisdom)');
  });

  it('counts a concept once, however many of its phrases appear', () => {
    const edited = withConcept('advisory-retainer', { coaching: ['coach', 'mentor', 'sounding board'] });
    const once = choose('a coach', edited).chosen;
    const thrice = choose('a coach, a mentor and a sounding board', edited).chosen;
    expect(thrice.matches).toHaveLength(1);
    expect(thrice.keywordPoints).toBe(3);
    expect(once.keywordPoints).toBe(2);
  });

  it("uses the engagements' own descriptions as evidence, below any keyword", () => {
    // "analyst" appears only in the Advisory Retainer's includes; no keyword or concept lists it.
    const evidenceOnly = choose('analyst briefings analyst briefings');
    expect(evidenceOnly.chosen.keywordPoints).toBe(0);
    const [top] = scoreEngagements(engagements, { challenges: 'analyst briefings', technology_sector: '' });
    expect(top?.engagement.key).toBe('advisory-retainer');
    expect(top?.evidencePoints).toBeGreaterThan(0);
    for (const [word, weight] of vocabularyOf(engagements).of.get(engagements[0] as Engagement)?.evidence ?? []) {
      expect(0.5 * weight, word).toBeLessThan(2);
    }
  });

  it('with no real signal, recommends the fallback and says so', () => {
    const choice = choose('We would like to talk about the weather.');
    expect(choice.strength).toBe('none');
    expect(choice.chosen.engagement.fallback).toBe(true);
    expect(evaluate('We would like to talk about the weather.').recommended.why).toMatch(/^No strong signal was found/);
  });
});

describe('confidence: why names the deciding words and the strength of the signal', () => {
  it('strong when curated words lead clearly', () => {
    const result = evaluate('Our Series B pitch deck does not land with investors and the narrative is weak.');
    expect(result.recommended.why).toMatch(/^Strong signal: your challenges mention "pitch deck", "series b", /);
    expect(result.recommended.why).toMatch(/\(\d+(\.\d)? points; nothing else matched enough to suggest\)/);
    expect(result.alsoConsider).toBeNull();
    const contested = evaluate('Our pitch deck, our narrative and our investor story are weak, and our logo is dated.');
    expect(contested.recommended.why).toMatch(
      /^Strong signal: .*\(\d+(\.\d)? points; next best Brand Identity & Rebrand with \d+(\.\d)? points?\)/,
    );
  });

  it('weak when the runner-up is close, and says to consider both', () => {
    const choice = choose('We need a new brand identity and a pitch deck.');
    expect(choice.strength).toBe('weak');
    const result = evaluate('We need a new brand identity and a pitch deck.');
    expect(result.recommended.why).toMatch(/^Weak signal: /);
    expect(result.recommended.why).toContain(`treat ${result.alsoConsider?.title} as equally worth discussing`);
  });

  it('every answer begins with one of the four strengths', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        expect(evaluate(text).recommended.why).toMatch(
          /^(Strong signal|Moderate signal|Weak signal|No strong signal was found)/,
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('determinism', () => {
  it('the same input always gives the same answer and the same order, whatever was asked before', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc
        .array(fc.constantFrom(...engagements.flatMap((e) => e.keywords), 'but', 'not', 'great', ',', 'messagng'), {
          maxLength: 12,
        })
        .map((words) => words.join(' ')),
    );
    fc.assert(
      fc.property(text, text, (first, other) => {
        const before = scoreEngagements(engagements, { challenges: first, technology_sector: 'fintech' });
        evaluate(other);
        const after = scoreEngagements(engagements, { challenges: first, technology_sector: 'fintech' });
        expect(after).toEqual(before);
        expect(evaluate(first)).toEqual(evaluate(first));
      }),
      { numRuns: 300 },
    );
  });

  it('the ranking does not depend on the order in which content lists tie-breakers other than its own order', () => {
    const ranked = scoreEngagements(engagements, { challenges: 'positioning and messaging', technology_sector: '' });
    expect(ranked.map((score) => score.engagement.key).slice(0, 2)).toEqual(['positioning-sprint', 'messaging-system']);
  });
});

describe('isOneEditApart agrees with editDistance', () => {
  it('on any pair of short words', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 7 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(isOneEditApart(a, b)).toBe(editDistance(a, b) === 1);
      }),
      { numRuns: 3000 },
    );
  });
});
