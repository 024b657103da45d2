import {
  senderWords,
  channelWords,
  CHANNEL_WORDS,
  MCP_MESSAGE_WORDS,
  REFUSAL_WORDS,
  SURFACE_WORDS,
  TOOL_WORDS,
  assistantReferrerWords,
  visitorWords,
  wordsFor,
} from '@/lib/words';
import { engagementWords, pageWords } from './content-words';
import type { InsightsReport } from './report';

/**
 * A report for machines (`npm run insights -- --json`, the desk's figures.json): every stable key as the report
 * has it, and beside each the words the consultant reads (`label`, `title`), from the same table.
 */
export function reportWithWords(report: InsightsReport) {
  return {
    ...report,
    families: report.families.map((row) => ({ ...row, label: visitorWords(row.family) })),
    surfaces: report.surfaces.map((row) => ({
      ...row,
      label: wordsFor(SURFACE_WORDS, row.surface, SURFACE_WORDS.other),
    })),
    pages: report.pages.map((row) => ({ ...row, title: pageWords(row.page) })),
    sentByAssistants: report.sentByAssistants.map((row) => ({
      ...row,
      label: assistantReferrerWords(row.assistant),
      pages: row.pages.map((page) => ({ ...page, title: pageWords(page.page) })),
    })),
    unreadByAgents: report.unreadByAgents.map((page) => ({ page, title: pageWords(page) })),
    toolCalls: report.toolCalls.map((row) => ({
      ...row,
      toolLabel: wordsFor(TOOL_WORDS, row.tool),
      channelLabel: wordsFor(CHANNEL_WORDS, row.channel),
    })),
    mcpMethods: report.mcpMethods.map((row) => ({ ...row, label: wordsFor(MCP_MESSAGE_WORDS, row.method) })),
    engagements: report.engagements.map((row) => ({ ...row, title: engagementWords(row.engagement) })),
    inquiries: report.inquiries.map((row) => ({
      ...row,
      channelLabel: channelWords(row.channel, row.client),
      senderLabel: senderWords(row.client),
      engagementTitle: engagementWords(row.engagement),
    })),
    refusals: report.refusals.map((row) => ({ ...row, label: wordsFor(REFUSAL_WORDS, row.quota) })),
  };
}
