# syntax=docker/dockerfile:1
# Stage 1: install everything; build the web bundle, the server bundle and the migrated database image.
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Stage 2: production dependencies only.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# Stage 3: the runtime image, as a non-root user with the data directory as a volume.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
# As in `npm start`: glibc gives blocks of 128 KB and more (V8 compiling PGlite's WebAssembly) back to the system
# when freed, instead of keeping about 50 MB of them in its arenas for the life of the process.
ENV MALLOC_MMAP_THRESHOLD_=131072
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json ./
COPY server ./server
COPY public ./public
RUN mkdir -p /data && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# --wasm-tiering-budget as in `npm start`: PGlite's start-up code stays in Liftoff instead of being recompiled by
# TurboFan in threads that compete with the main thread on a small machine.
CMD ["node", "--max-semi-space-size=16", "--wasm-tiering-budget=10000000", "build/app/main.js"]
