# Nomina: one image, one process (web app, GraphQL over HTTP and WebSocket, REST shim).
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/package.json
COPY api/package.json api/package.json
COPY web/package.json web/package.json
COPY prisma prisma
COPY prisma.config.ts relay.config.js schema.graphql tsconfig.json ./
COPY shared shared
COPY api api
COPY web web
RUN npm ci --no-audit --no-fund && npm run build

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=4000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/package.json
COPY api/package.json api/package.json
COPY web/package.json web/package.json
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --workspace api --include-workspace-root
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/web/dist web/dist
COPY prisma/migrations prisma/migrations
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s CMD node -e "fetch('http://127.0.0.1:4000/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The flags of package.json's config.nodeFlags (npm start): a larger young generation for a
# server that allocates per request.
CMD ["node", "--max-semi-space-size=32", "api/dist/main.js"]
