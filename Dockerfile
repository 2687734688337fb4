# Herald as a container image: the production build, run as `node .herald/main.mjs`. compose.yaml
# runs several of these behind a self-hosted Inngest server. The image keeps its development
# packages: `npm run db:migrate` (tsx) runs from it too.
FROM node:20-bookworm-slim
WORKDIR /herald
# npm ci runs the postinstall (the Prisma client's generation and its model columns), which needs the schema and its scripts.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
COPY scripts/prisma-generate.mjs scripts/model-columns.mjs ./scripts/
RUN npm ci
COPY . .
RUN npm run build && mkdir -p .data/files && chown -R node:node .data
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 HERALD_DATA_DIR=/herald/.data
USER node
EXPOSE 3000
CMD ["node", ".herald/main.mjs"]
