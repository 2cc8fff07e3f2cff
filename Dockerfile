# Steadfast in a container (README: "Run it in a container"). Two stages: the first installs and builds, the
# second runs the built app as the unprivileged `node` user, with its data in the /data volume.
#   docker build -t steadfast .        (or: docker compose up -d, with compose.yaml beside this file)

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=5000 \
    DATA_DIR=/data
# pg_dump for scheduled backups of a Postgres database (client 15, as the database).
RUN apt-get update \
    && apt-get install -y --no-install-recommends postgresql-client-15 \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The dependencies as installed and built above (tsx among them: npm run doctor, backup and restore run here too).
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/migrations ./migrations
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/server ./server
COPY --from=build /app/shared ./shared
COPY --from=build /app/tsconfig.json ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 5000
# Ready once the database answers and holds every migration (503 while starting or stopping).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server itself, not npm: it receives the container's SIGTERM and drains before it exits.
CMD ["node", "dist/server/index.js"]
