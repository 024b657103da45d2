# Build once, run anywhere (docs/deployment.md, "A container image"), in two stages as Next's with-docker example:
# the build has every dependency; the image keeps the build, the production dependencies and what Next reads
# at run time. tests/integration/serving/production-tree.test.ts runs these steps outside Docker, COPY line by COPY
# line, on the Node the tests run on (24).
FROM node:24-bookworm-slim AS builder
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
# `npm ci` would refuse a lock made on one platform without the others' optional @next/swc packages.
RUN npm install --no-audit --no-fund
COPY . .
# The bundler's cache of the build is read by builds alone: the image would carry it for nothing.
RUN npm run build && npm prune --omit=dev && rm -rf .next/cache/turbopack

FROM node:24-bookworm-slim AS runner
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 HOSTNAME=0.0.0.0 PORT=3000 DATA_DIR=/data
RUN mkdir -m 700 /data && chown node:node /data
COPY --from=builder /app/package.json ./package.json
COPY --from=builder /app/node_modules ./node_modules
COPY --from=builder /app/.next ./.next
# Next writes its own caches into the build folder at run time, into these two folders alone (docs/serving.md,
# "Known gaps"): the rest of the image stays the root user's, read-only to the server.
RUN mkdir -p .next/cache .next/server/route-cache && chown -R node:node .next/cache .next/server/route-cache
COPY --from=builder /app/dist ./dist
COPY --from=builder /app/public ./public
COPY --from=builder /app/content ./content
# Next reads next.config.ts at start, and it imports from lib/.
COPY --from=builder /app/next.config.ts /app/tsconfig.json ./
COPY --from=builder /app/lib ./lib
COPY --from=builder /app/scripts/owner-command.mjs /app/scripts/owner-commands.json ./scripts/
USER node
VOLUME /data
EXPOSE 3000
# SIGTERM starts the graceful stop: 5 s of 503 from the health probe, then at most 15 s more for the requests in
# flight (20 s in all). Give it 30 s before SIGKILL: `docker run --stop-timeout 30`, compose's stop_grace_period.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server.mjs"]
