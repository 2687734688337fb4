# Herald as a container image: the production build, run as `node .herald/main.mjs`. compose.yaml
# runs several of these behind a self-hosted Inngest server. The image keeps its development
# packages: `npm run db:migrate` (tsx) runs from it too.
FROM node:20-bookworm-slim
WORKDIR /herald
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && mkdir -p .data && chown node:node .data
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 HERALD_DATA_DIR=/herald/.data
USER node
EXPOSE 3000
CMD ["node", ".herald/main.mjs"]
