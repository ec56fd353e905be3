/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The Rust gateway serves the API, the stamp files and this build (dist/, index.html as SPA fallback).
const gateway = 'http://127.0.0.1:8080';

/** Where index.html's early script takes the list of the home route's files. */
const HOME_MODULES_SLOT = '/* home route modules */ []';

/**
 * Home is the page most often opened first: index.html's early script preloads its lazy route's code (the route
 * chunk and what it imports, less what the entry already brings) when the page opened is home. This writes those
 * files into the script. The other pages' code still loads when they are opened.
 */
function preloadHomeRoute(): Plugin {
  return {
    name: 'preload-home-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).flatMap((output) =>
          output.type === 'chunk' ? [output] : [],
        );
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const home = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/app/routes/home.tsx'));
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!home || !entry || !html.includes(HOME_MODULES_SLOT)) {
          throw new Error('preload-home-route: no home route chunk, entry chunk or slot in index.html');
        }
        const loaded = new Set([entry.fileName, ...entry.imports]);
        const files: string[] = [];
        const visit = (fileName: string) => {
          if (loaded.has(fileName) || files.includes(fileName)) return;
          files.push(fileName);
          for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
        };
        visit(home.fileName);
        return html.replace(HOME_MODULES_SLOT, JSON.stringify(files.map((file) => `/${file}`)));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadHomeRoute()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    // Regex keys: a plain '/s' prefix would also swallow '/search' and '/stamp/...'.
    proxy: {
      '^/api/': { target: gateway, changeOrigin: false },
      '^/s/': { target: gateway, changeOrigin: false },
      '^/goose/': { target: gateway, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    environment: 'jsdom',
    // Every core (Vitest's default leaves one free, which on a two-core machine halves the speed).
    maxWorkers: '100%',
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // The stylesheets' text, for the test of their ownership (other CSS stays out of the tests).
    css: { include: [/\/src\/styles\/[^/]+\.css/] },
    // The test files of a worker share its page and its modules: jsdom and the imports are set up once per worker
    // rather than once per file (the setup file's afterEach clears what a test leaves: the DOM, cookies, storage).
    // A file that replaces a module (vi.mock) needs modules of its own: it is named *.isolated.test.tsx and runs
    // isolated.
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          isolate: false,
          include: ['src/**/*.test.{ts,tsx}', 'wallet/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.isolated.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['src/**/*.isolated.test.{ts,tsx}', 'wallet/src/**/*.isolated.test.{ts,tsx}'],
        },
      },
    ],
  },
});
