import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateClientNeeds, scoreEngagements } from '@/lib/agent/evaluate';
import { normalise, stemWord as stem } from '@/lib/text/words';
import { EvaluateClientNeedsRequestSchema } from '@/lib/agent/agent-schemas';
import { loadContent } from '@/lib/content';

const { engagements, bio } = loadContent();
const keys = engagements.map((engagement) => engagement.key);
const context = {
  engagements,
  consultantName: bio.name,
  scheduleUrl: 'https://site.example/api/agent/tools/schedule-consultation',
};
const evaluate = (challenges: string, technology_sector: string) =>
  evaluateClientNeeds({ challenges, technology_sector }, context);

describe('evaluate_client_needs: realistic challenges get the engagement a consultant would pick', () => {
  const table: [string, string, string][] = [
    [
      'Prospects tell us we sound the same as every competitor and our win rate is falling.',
      'B2B SaaS',
      'positioning-sprint',
    ],
    [
      'We are commoditised: deals come down to price pressure and nobody can say why us.',
      'data infrastructure',
      'positioning-sprint',
    ],
    [
      'Our sales team cannot explain our value proposition or who our ideal customer is.',
      'cybersecurity',
      'positioning-sprint',
    ],
    [
      'We are moving upmarket into enterprise and need to differentiate in a crowded market.',
      'developer tools',
      'positioning-sprint',
    ],
    [
      'Raising our Series B next quarter and the pitch deck does not land with investors.',
      'fintech',
      'messaging-system',
    ],
    [
      'Our homepage is full of jargon; the website copy is too technical for buyers.',
      'AI/ML infrastructure',
      'messaging-system',
    ],
    [
      'Founders, sales and marketing all tell a different story. The messaging is inconsistent.',
      'climate tech',
      'messaging-system',
    ],
    [
      'We need a sales deck and a clear narrative for the launch announcement of our platform.',
      'developer tools',
      'messaging-system',
    ],
    ['After our merger we need a new company name and a visual identity that fits.', 'fintech', 'brand-identity'],
    ['Our logo and brand look dated and amateur; we have outgrown them.', 'healthtech', 'brand-identity'],
    [
      'We pivoted from consumer to enterprise and the old brand no longer fits. Time for a rebrand.',
      'climate tech',
      'brand-identity',
    ],
    [
      'We are a spin-out from a university and need naming, a trademark check and brand guidelines.',
      'deep tech',
      'brand-identity',
    ],
    [
      'We are scaling fast and want a fractional advisor on go-to-market while we hire a head of marketing.',
      'B2B SaaS',
      'advisory-retainer',
    ],
    [
      'Launching a second product line and expanding into a new market, and our GTM team is misaligned.',
      'fintech',
      'advisory-retainer',
    ],
    [
      'We want an ongoing retainer to support product marketing through international expansion.',
      'cybersecurity',
      'advisory-retainer',
    ],
  ];

  it.each(table)('%s (%s) -> %s', (challenges, sector, expected) => {
    expect(evaluate(challenges, sector).recommended.key).toBe(expected);
  });

  it('covers every engagement type in the table', () => {
    expect(new Set(table.map(([, , key]) => key))).toEqual(new Set(keys));
  });
});

describe('evaluate_client_needs: the rules', () => {
  it('with no keyword at all, recommends the fallback engagement and says no strong signal was found', () => {
    const fallback = engagements.find((engagement) => engagement.fallback);
    const result = evaluate('We would like to talk.', 'agriculture');
    expect(result.recommended.key).toBe(fallback?.key);
    expect(result.recommended.why).toMatch(/^No strong signal was found/);
    expect(result.alsoConsider).toBeNull();
  });

  it('a sector alone is not a strong signal, but makes the runner-up', () => {
    const result = evaluate('Hello there.', 'Healthtech');
    expect(result.recommended.why).toMatch(/^No strong signal/);
    expect(result.alsoConsider?.key).toBe('brand-identity');
  });

  it('alsoConsider is the runner-up when it scored, with only key, title and tagline', () => {
    const result = evaluate('We need a rebrand and a new pitch deck for investors.', 'fintech');
    expect(result.recommended.key).toBe('messaging-system');
    expect(result.alsoConsider).toEqual({
      key: 'brand-identity',
      title: engagements.find((e) => e.key === 'brand-identity')?.title,
      tagline: engagements.find((e) => e.key === 'brand-identity')?.tagline,
    });
  });

  it('counts a phrase once: "pitch deck" does not also score "pitch"', () => {
    const [best] = scoreEngagements(engagements, { challenges: 'pitch deck', technology_sector: 'x' });
    expect(best?.matchedKeywords).toEqual(['pitch deck']);
    expect(best?.keywordPoints).toBe(3);
  });

  it('ignores case, punctuation, accents and simple word forms', () => {
    const a = evaluate('REBRANDING!!! our Logos, and — naming.', 'FinTech');
    const b = evaluate('rebrand logo name', 'fintech');
    expect(a.recommended.key).toBe('brand-identity');
    expect(a.recommended.key).toBe(b.recommended.key);
    expect(normalise('Différentiation, Competitors’ GO-TO-MARKET')).toEqual([
      'differenti',
      'competitor',
      'go',
      'to',
      'market',
    ]);
    expect(new Set(['scale', 'scales', 'scaled', 'scaling'].map(stem)).size).toBe(1);
    expect(stem('company')).toBe(stem('companies'));
    expect(new Set(['launch', 'launches', 'launched', 'launching'].map(stem)).size).toBe(1);
  });

  it('breaks ties by content order, so equal scores always give the same answer', () => {
    // "positioning" (positioning-sprint) and "messaging" (messaging-system) are worth 2 points each.
    const result = evaluate('positioning and messaging', 'none');
    expect(result.recommended.key).toBe('positioning-sprint');
    expect(result.alsoConsider?.key).toBe('messaging-system');
  });

  it('is deterministic: the same input always gives the same answer', () => {
    const input = 'Our series b pitch is generic and our brand is dated; we are scaling into a new market.';
    const first = evaluate(input, 'B2B SaaS');
    for (let i = 0; i < 25; i += 1) expect(evaluate(input, 'B2B SaaS')).toEqual(first);
  });

  it('names the consultant and the schedule tool in the next step', () => {
    const result = evaluate('rebrand', 'saas');
    expect(result.nextStep).toContain(bio.name);
    expect(result.nextStep).toContain('schedule_consultation');
    expect(result.nextStep).toContain('within 24 hours');
  });
});

describe('evaluate_client_needs: property', () => {
  it('any input yields an existing engagement key, or is refused by the schema (a 400)', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: 'grapheme', maxLength: 200 }),
      fc.constantFrom(...engagements.flatMap((e) => e.keywords)),
    );
    fc.assert(
      fc.property(fc.oneof(fc.record({ challenges: text, technology_sector: text }), fc.anything()), (body) => {
        const parsed = EvaluateClientNeedsRequestSchema.safeParse(body);
        if (!parsed.success) return true;
        const result = evaluateClientNeeds(parsed.data, context);
        expect(keys).toContain(result.recommended.key);
        if (result.alsoConsider) {
          expect(keys).toContain(result.alsoConsider.key);
          expect(result.alsoConsider.key).not.toBe(result.recommended.key);
        }
        return true;
      }),
      { numRuns: 2000 },
    );
  });
});
