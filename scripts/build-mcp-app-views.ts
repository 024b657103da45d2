/**
 * Builds the MCP Apps views (mcp-app-views/) into the build folder (npm run build, after `next build`, which
 * empties that folder): one JSON file of self-contained HTML documents that the MCP server reads once, at its
 * first resources/read. Written to a temporary file and then renamed, so a server never reads half a file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildViews } from '../mcp-app-views/bundle';
import { distDir } from '../lib/config/dist-dir';
import { MCP_APP_VIEWS_FILE } from '../lib/mcp/surface/apps/views-file';

const views = await buildViews();
const outfile = path.join(distDir(), MCP_APP_VIEWS_FILE);
fs.mkdirSync(path.dirname(outfile), { recursive: true });
fs.writeFileSync(`${outfile}.${process.pid}.tmp`, JSON.stringify(views));
fs.renameSync(`${outfile}.${process.pid}.tmp`, outfile);
const sizes = Object.entries(views).map(
  ([name, html]) =>
    `${name} ${(Buffer.byteLength(html) / 1024).toFixed(0)} KiB (${(gzipSync(html).length / 1024).toFixed(0)} KiB gzipped)`,
);
console.log(`MCP App views: ${sizes.join(', ')} (${path.relative(process.cwd(), outfile)})`);
