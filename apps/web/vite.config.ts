import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const API_TARGET = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    strictPort: true,
    // The dev server forwards everything the Fastify server owns, so cookies stay same-origin.
    // '^/api/' and not '/api': the SPA itself has a page at /api (API keys).
    proxy: {
      '^/api/': { target: API_TARGET },
      '^/healthz$': { target: API_TARGET },
      '^/readyz$': { target: API_TARGET },
      '^/events': { target: API_TARGET },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Budget: no chunk over 500 KB; routes are split with React.lazy instead.
    chunkSizeWarningLimit: 500,
  },
});
