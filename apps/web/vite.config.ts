import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Library imports that the build answers with a stand-in loading the real module on first use: each is
 * imported at the top of a module the /login first load needs, but only used in a case this app does not
 * reach there. Each stand-in explains itself; the build warns when a library no longer has the import.
 */
const STAND_INS = [
  {
    // ConfigProvider renders the tooltip UniqueProvider (trigger, portal: ~9 KB gzip) only with `tooltip.unique`.
    importer: /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/,
    source: '../tooltip/UniqueProvider',
    standIn: './src/app/deferred-tooltip-unique-provider.tsx',
  },
  {
    // Button's style takes a colour helper from the ColorPicker presets, which import Collapse (~5 KB gzip).
    importer: /[\\/]antd[\\/]es[\\/]color-picker[\\/]components[\\/]ColorPresets\.js$/,
    source: '../../collapse',
    standIn: './src/app/deferred-collapse.tsx',
  },
  {
    // axios picks its xhr adapter in a browser; the fetch adapter (~4 KB gzip) serves only `adapter: 'fetch'`.
    importer: /[\\/]axios[\\/]lib[\\/]adapters[\\/]adapters\.js$/,
    source: './fetch.js',
    standIn: './src/lib/deferred-axios-fetch-adapter.ts',
  },
] as const;

function deferredImports(): Plugin {
  const used = new Set<string>();
  return {
    name: 'recon:deferred-imports',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const hit = importer && STAND_INS.find((s) => s.source === source && s.importer.test(importer));
      if (!hit) return null;
      used.add(hit.standIn);
      return fileURLToPath(new URL(hit.standIn, import.meta.url));
    },
    buildEnd() {
      for (const { source, standIn } of STAND_INS) {
        if (!used.has(standIn)) this.warn(`no library imports ${source} any more: ${standIn} is unused`);
      }
    },
  };
}

/**
 * Chunking keeps the /login route's first load small: every page is React.lazy, React and the router
 * live in one long-cached chunk, and ECharts (used by dashboards later) can only ever land in its own
 * chunk, loaded on demand. Everything else the entry imports statically is loaded on every page anyway, so
 * it goes into the entry chunk as one piece ('initial') instead of a dozen small shared chunks, each with
 * its own import list and gzip overhead. The rest of Ant Design is left to automatic splitting so a page
 * pulls only the components it uses.
 */
export default defineConfig({
  plugins: [react(), deferredImports()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/web': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
  preview: {
    proxy: { '/web': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
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
        // The @rc-component packages (antd's building blocks) declare no sideEffects but are pure components:
        // their modules only declare values (checked: no side-effect-only imports, top-level statements are
        // annotated or dev-only). Without this, their barrel files tie unused parts (TextArea, resize
        // observer…) to whatever page imports one piece.
        moduleSideEffects: [
          { test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false },
          { test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/, priority: 2 },
            { name: 'initial', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
