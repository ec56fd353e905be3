import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Ninja wallet: a separate app served from its own origin (the gateway's wallet listener, with a strict Content
// Security Policy: scripts, styles and requests of its own origin only). It shares no code with the site (src/).
const gateway = 'http://127.0.0.1:8080';

export default defineConfig({
  root: fileURLToPath(new URL('./wallet', import.meta.url)),
  plugins: [react()],
  server: {
    // A port of its own, beside the site's dev server: the wallet is another origin.
    port: 5174,
    proxy: { '^/api/': { target: gateway, changeOrigin: false } },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist-wallet', import.meta.url)),
    emptyOutDir: true,
    // Every browser the wallet supports has module preloading: no polyfill in the bundle.
    modulePreload: { polyfill: false },
  },
});
