# One image for the API nodes and the device hosts (deploy/compose.yaml picks the command).
# Untested on the project's machines, which cannot pull images: see docs/deploy.md.
FROM node:20-bookworm
WORKDIR /srv/cloudphone
COPY . .
# better-sqlite3 builds from source here (python3, make and g++ are in the image); the web app is built once.
RUN npm ci && node scripts/build-web.mjs
ENV HOST=0.0.0.0 DATA_DIR=/data
EXPOSE 8080 8090
CMD ["npx", "tsx", "apps/server/src/main.ts"]
