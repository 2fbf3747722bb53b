import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project keeps its own environment (node or jsdom).
export default defineConfig({
  test: {
    projects: ['apps/*/vitest.config.ts', 'packages/*/vitest.config.ts'],
  },
});
