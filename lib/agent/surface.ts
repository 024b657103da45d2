import { RESOURCES } from './resources';
import { TOOLS } from './tools';

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** A count in words, as prose writes small numbers ("four"). */
const countInWords = (count: number): string => NUMBER_WORDS[count] ?? String(count);

/** How many read-only resources the surface has, in words: "four read-only resources". */
export const resourcesInWords = (): string => `${countInWords(RESOURCES.length)} read-only resources`;

/** How many tools the surface has, in words: "two tools". */
export const toolsInWords = (): string => `${countInWords(TOOLS.length)} tools`;
