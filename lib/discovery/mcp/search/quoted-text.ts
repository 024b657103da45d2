/** A page's markdown as the index reads it: its own words, apart from what it quotes of the other pages. */
interface PageText {
  own: string;
  /** What the page quotes from the pages it lists, links to or names. */
  listed: string;
}

/** What tells the other pages apart in a page's text: their addresses, and their names (title and first heading). */
export interface OtherPages {
  urls: ReadonlySet<string>;
  names: readonly string[];
}

const FRONT_MATTER = /^---\n[\s\S]*?\n---\n/;
const HEADING = /^(#+)\s/;
const FIRST_HEADING = /^# (.+)$/m;
const LIST_ITEM = /^\s*[-*]\s/;
const LINK_TARGET = /\]\(([^)\s]+)\)/g;
const LINK = /\[([^\]]*)\]\([^)\s]+\)/g;
const BARE_URL = /\bhttps?:\/\/\S+/g;
const WORD = /[\p{L}\p{N}]+/gu;

/** The names a page goes by: its title, and its first heading when that differs ("About", and her name). */
export function namesOf(title: string, markdown: string): string[] {
  const heading = FIRST_HEADING.exec(markdown.replace(FRONT_MATTER, ''))?.[1]?.trim();
  return heading && heading !== title ? [title, heading] : [title];
}

/**
 * Splits a page's markdown into its own lines and the lines that summarise another document: a heading that links
 * to one or names it ("About Tamsin Kerr"), with its section, or a list item that links to one. A hub repeats every
 * page it lists, so counted as its own words those summaries make the homepage outrank the page a query is about.
 */
function splitListed(markdown: string, others: OtherPages, names: readonly RegExp[]): PageText {
  const own: string[] = [];
  const listed: string[] = [];
  const linksOther = (line: string) =>
    [...line.matchAll(LINK_TARGET)].some(([, url]) => others.urls.has((url ?? '').replace(/\.md$/, '')));
  const namesOther = (line: string) => names.some((name) => line.search(name) >= 0);
  let listedLevel: number | undefined;
  for (const line of markdown.replace(FRONT_MATTER, '').split('\n')) {
    const level = HEADING.exec(line)?.[1]?.length;
    if (level !== undefined && listedLevel !== undefined && level <= listedLevel) listedLevel = undefined;
    const summarises = linksOther(line) || (level !== undefined && level > 1 && namesOther(line));
    if (level !== undefined && listedLevel === undefined && summarises) listedLevel = level;
    const isListed = listedLevel !== undefined || (LIST_ITEM.test(line) && linksOther(line));
    // Addresses are not words a reader searches for; a link keeps its text.
    (isListed ? listed : own).push(line.replace(LINK, '$1').replace(BARE_URL, ' '));
  }
  return { own: own.join('\n'), listed: listed.join('\n') };
}

/** A name as a pattern: its words in order, whatever stands between them, never inside a longer word. */
function namePattern(name: string): RegExp | undefined {
  const words = name.match(WORD);
  if (!words) return undefined;
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.join('[^\\p{L}\\p{N}]+')}(?![\\p{L}\\p{N}])`, 'giu');
}

/**
 * A page's text as the index reads it. What it lists or links to is the other page's, and so is another page's
 * name where the page says it ("we run a Positioning Sprint first", "until Tamsin Kerr replies"): it refers to
 * that page, as a link does, so it does not make the page about it.
 */
export function splitQuoted(markdown: string, others: OtherPages): PageText {
  const names = others.names.flatMap((name) => namePattern(name) ?? []);
  const { own, listed } = splitListed(markdown, others, names);
  const named: string[] = [];
  let text = own;
  for (const pattern of names)
    text = text.replace(pattern, (name) => {
      named.push(name);
      return ' ';
    });
  return { own: text, listed: [listed, ...named].join('\n') };
}
