/** `text` as a message quotes it: at most `max` characters, cut with "…", so no caller can make a message long. */
export function shortened(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
