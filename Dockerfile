# idlens server image: recognition service + transaction platform, offline once built.
# (Not built in this repository's CI: the workplace has no Docker engine.)
FROM node:20-bookworm-slim

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATABASE_URL=file:/data/idlens.sqlite \
    ONNXRUNTIME_NODE_INSTALL=skip

WORKDIR /app
RUN npm install -g pnpm@10 && apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY . .
RUN pnpm install --frozen-lockfile && mkdir -p /data && chown node:node /data

USER node
VOLUME /data
EXPOSE 8080
HEALTHCHECK CMD node -e "fetch('http://127.0.0.1:8080/health/readiness').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# tsx is a dependency of the server package (it runs the TypeScript sources); resolve it from there.
WORKDIR /app/packages/server
CMD ["node", "--import", "tsx", "src/cli.ts", "serve"]
