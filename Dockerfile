# The platform as a container image (issue 35). Two stages:
#   build: the production install (scripts/production-install.sh: `npm ci --omit=dev && npm run build`,
#          the same script npm test runs in scripts/operations/run.ts), so what is tested is what ships;
#   run:   that install on a slim Node image, as a user without privileges, serving `npm start`.
# Base images cannot be pulled on the development machines, so this file is checked by running its
# install and start steps there (scripts/operations/run.ts), not by `docker build`: see the README's
# "Operating in production".
# The Node version must match .node-version (and the engines field in package.json).
ARG NODE_VERSION=24.21.0

FROM node:${NODE_VERSION}-bookworm-slim AS build
# better-sqlite3 and sharp ship prebuilt binaries for linux-x64; the compilers are there for other platforms.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1 CI=1
# The build's own cache is not needed to serve.
RUN bash scripts/production-install.sh && rm -rf .next/cache && npm cache clean --force

FROM node:${NODE_VERSION}-bookworm-slim AS run
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 DATABASE_URL=file:/data/platform.db
WORKDIR /app
# The app's files belong to root and are read-only to the user that serves them, except .next, where
# Next may keep what it renders at run time. Everything the platform writes under data/ (the embedded
# database, its generated secret, lead mail without SMTP_URL, the photo cache) goes to the /data volume.
COPY --from=build /app /app
RUN useradd --system --uid 10001 --home-dir /nonexistent --shell /usr/sbin/nologin platform \
  && mkdir -p /data && chown platform /data && chmod 700 /data \
  && rm -rf /app/data && ln -s /data /app/data && chown -R platform /app/.next
USER platform
# The embedded database, its secret and the image cache (when DATABASE_URL is PostgreSQL, only the cache).
VOLUME ["/data"]
EXPOSE 3000
# /readyz: 200 once warmed up, 503 while starting or stopping (scripts/serve-lifecycle.mjs).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
# The same command as `npm start`, without npm in between, so SIGTERM reaches the server itself.
CMD ["bash", "scripts/production-start.sh"]
