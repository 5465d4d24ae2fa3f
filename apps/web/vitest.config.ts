import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Tests load antd's CommonJS build (package main); a module imported by path from antd/es (to keep a
      // page's first load small) must come from that same build, or it would get contexts of its own.
      { find: /^antd\/es\/(.*)$/, replacement: 'antd/lib/$1' },
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // Component tests drive Ant Design through real user events; on a loaded machine a first render alone can take
    // over 15 s (seen with a load average of 12 on two cores). The server project allows the same.
    testTimeout: 30_000,
  },
});
