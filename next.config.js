// Next.js configuration. Packages that load WebAssembly or native drivers at run time stay outside
// the server bundles and are required from node_modules as they are.

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "@prisma/schema-engine-wasm",
    "@prisma/adapter-pg",
    "@prisma/client",
    "pg",
    "espeak-ng",
    "music-metadata",
  ],
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
