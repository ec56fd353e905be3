import { defineConfig, devices } from '@playwright/test';

// End-to-end tests against a running stack (the lead's script starts it; no webServer here).
// E2E_BASE_URL: where the gateway serves the app, e.g. http://127.0.0.1:28080.
// E2E_CPID / E2E_STAMP: a stamp that stack has indexed (read by e2e/stamp.spec.ts).
// E2E_RPC_URL: the devnet's JSON-RPC, where e2e/buy.spec.ts mines the block of its purchase.
// CHROMIUM_PATH: the system Chromium (default /usr/bin/chromium); browsers are never downloaded.
const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) {
  throw new Error('E2E_BASE_URL is not set: export E2E_BASE_URL=http://127.0.0.1:28080 (the running gateway)');
}

export default defineConfig({
  testDir: './e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});
