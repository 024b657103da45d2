/**
 * Her words: the one table from the code's names (agent families, surfaces, MCP methods, tools, channels, quotas,
 * signature outcomes) to the words the consultant reads on the desk, in `npm run insights`, the digest and the mail.
 * Machines keep the stable keys beside these (the JSON, the downloads' keys).
 */
export * from './visitors';
export * from './reading';
export * from './inquiries';
export * from './limits';
export { ASSISTANT_PRODUCTS, CRAWLER_PRODUCTS, SEARCH_ENGINES, MCP_CLIENT_PRODUCTS } from './products';
export * from './assistant-referrers';

/** Words as the start of a label or a sentence: "the REST API" heads a column as "The REST API". */
export const capitalised = (words: string): string => `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
