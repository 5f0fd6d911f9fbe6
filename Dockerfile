# idlens server image: the published packages — compiled JavaScript, no TypeScript loader — installed
# with npm exactly as a user installs them, offline once built.
# (Not built in this repository's CI: the workplace has no Docker engine. test/packaging runs the
# same tarballs: the compiled server from them, and the SDK in a fresh app.)

# ── build: compile the packages and pack them ─────────────────────────────────────────────────────
FROM node:20-bookworm-slim AS build
# onnxruntime-node's install script would download GPU binaries; the CPU ones ship in the package.
ENV ONNXRUNTIME_NODE_INSTALL=skip
# Compilers only in case better-sqlite3 has no prebuilt binary for this platform.
RUN npm install -g pnpm@10 && apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN pnpm install --frozen-lockfile \
 && pnpm --filter @idlens/models --filter @idlens/sdk --filter @idlens/server run build \
 && mkdir /tarballs \
 && for dir in models packages/sdk packages/server; do (cd "$dir" && pnpm pack --pack-destination /tarballs); done \
 && pnpm exec vite build -c packages/console/vite.config.ts --configLoader runner --outDir /web/console \
 && pnpm exec tsx packages/console/run-page.config.ts /web/run-page \
 && pnpm exec tsx packages/sdk/src/cli.ts assets compress /web
WORKDIR /app
RUN npm init -y > /dev/null && npm install --omit=dev --no-audit --no-fund /tarballs/*.tgz

# ── run ───────────────────────────────────────────────────────────────────────────────────────────
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATABASE_URL=file:/data/idlens.sqlite \
    CONSOLE_DIR=/web/console \
    RUN_PAGE_DIR=/web/run-page
WORKDIR /app
COPY --from=build /app /app
# The operator console and the hosted run page of verification links: built files the server serves.
COPY --from=build /web /web
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
HEALTHCHECK CMD node -e "fetch('http://127.0.0.1:8080/health/readiness').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# The package's bin (`idlens-server`, dist/cli.js): `docker run IMAGE migrate`, `… client add --name N`.
ENTRYPOINT ["node", "/app/node_modules/@idlens/server/dist/cli.js"]
CMD ["serve"]
