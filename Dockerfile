# syntax=docker/dockerfile:1
# Inkbase for self-hosting. `docker compose up` (docker-compose.yml) runs it with PostgreSQL,
# Redis and two app instances; docs/deploying.md explains every step. Not built on the machines
# this project is developed on (they have no Docker engine): see docs/deploying.md.
#
# Stages: deps (npm ci) → build (next build) → prod-deps (dev dependencies pruned) → runtime.
# ratelimit-shim is the Upstash-compatible REST front for Redis that compose runs.
# The server is scripts/serve.ts (what `npm start` runs), not `next start`: it stamps each
# request's real socket address for the rate limiter and repairs undecodable paths.

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# @inkbase/sdk is a file: dependency of the app.
COPY sdk/package.json sdk/package.json
# Install scripts stay off, as where this project is developed and tested: nothing needs them
# (Prisma's native engines are never used; migrations run on its WASM engine).
RUN npm ci --ignore-scripts --no-audit --no-fund

FROM deps AS build
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1
# No DATABASE_URL or AUTH_SECRET at build time: the server checks its own environment when it
# starts (instrumentation.ts) and refuses to start without them.
RUN npm run build

FROM build AS prod-deps
RUN npm prune --omit=dev --ignore-scripts --no-audit --no-fund && rm -rf .next/cache

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000
# The whole tree: the build, the production dependencies, and the TypeScript sources that
# scripts/serve.ts, db:migrate and the admin CLI run through tsx.
COPY --from=prod-deps --chown=node:node /app /app
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Migrations are a separate step (`npm run db:migrate`, the compose `migrate` service), so two
# instances starting together never race to apply them.
CMD ["node", "--import", "tsx", "scripts/serve.ts", "--hostname", "0.0.0.0"]

# Upstash's REST protocol in front of a plain Redis (tests/support/upstash-shim.ts, which the
# test suite runs on every CI run): @upstash/ratelimit speaks only that protocol.
FROM deps AS ratelimit-shim
COPY tests/support/upstash-shim.ts tests/support/upstash-shim.ts
USER node
EXPOSE 8079
CMD ["node", "--import", "tsx", "tests/support/upstash-shim.ts", "--host", "0.0.0.0", "--port", "8079"]
