# One image for the server side of Cardlog; docker-compose.yml runs it as `api` and as `projector`.
#   docker build -t cardlog .
#   docker run --rm -p 3000:3000 -e DATABASE_URL=postgres://… -e KAFKA_BROKERS=… cardlog
# Node 20 is the oldest Node the workspace supports (package.json engines) and what CI runs.

FROM node:20-slim AS build
WORKDIR /app
ENV CI=true NX_DAEMON=false NX_NO_CLOUD=true
# The whole workspace is copied before `npm ci` because npm workspaces need every apps/* and libs/*
# package.json that package-lock.json lists; .dockerignore keeps node_modules, dist and caches out.
COPY . .
RUN npm ci --no-audit --no-fund
RUN npx nx run-many -t build --output-style=static
# Only runtime dependencies go into the final image (the workspace links in node_modules/@cardlog/*
# stay: they point at libs/*/dist through each package.json's "main").
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:20-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
CMD ["node", "apps/api/dist/main.js"]
