import type { Bio } from '@/lib/content';

/** A tel: link for a phone number written as "+44 20 7946 0321". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/\s+/g, '')}`;
}

/** "City, Region, Country", skipping the region when there is none. */
export function formatLocation(location: Bio['location']): string {
  return [location.city, location.region, location.country].filter(Boolean).join(', ');
}

/** The host of a web address without "www.", for showing a link compactly. */
export function displayHost(url: string): string {
  return new URL(url).host.replace(/^www\./, '');
}

/**
 * Shifts the headings of rendered markdown so the highest one becomes `level`, keeping the page's outline
 * intact (the page owns its single h1). The HTML comes from remark, so its tags are regular.
 */
export function shiftHeadings(html: string, level: number): string {
  const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1]));
  if (levels.length === 0) return html;
  const offset = level - Math.min(...levels);
  if (offset <= 0) return html;
  return html.replace(
    /<(\/?)h([1-6])(?=[\s>])/g,
    (_, slash: string, n: string) => `<${slash}h${Math.min(6, Number(n) + offset)}`,
  );
}

/** Two-digit display number for ordered lists of engagements: 1 -> "01". */
export function ordinal(index: number): string {
  return String(index + 1).padStart(2, '0');
}
