import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Chunking keeps the /login route's first load small: every page is React.lazy, React and the router
 * live in one long-cached chunk, and ECharts (used by dashboards later) can only ever land in its own
 * chunk, loaded on demand. Ant Design is left to automatic splitting so a page pulls only the
 * components it uses.
 */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/web': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  preview: {
    proxy: { '/web': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    // Lets scripts/measure-login-js.mjs follow exactly what the /login route loads.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // The contract's index re-exports every schema; without this, importing one constant evaluates them
        // all and brings zod into the first load. Its modules only declare values, so this is safe.
        // rc-form and its validator are pure components too: antd Input needs only the form context.
        moduleSideEffects: [
          { test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false },
          { test: /node_modules[\\/]@rc-component[\\/](form|async-validator)[\\/]/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
});
