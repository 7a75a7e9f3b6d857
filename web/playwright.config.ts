import { defineConfig } from "@playwright/test";

// End-to-end tests in Debian's Chromium (never a downloaded browser) against a real
// `yinsh serve` that each test file starts itself (see e2e/server.ts).
export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/artifacts",
  timeout: 180_000,
  expect: { timeout: 15_000 },
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_BIN ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "off",
    screenshot: "only-on-failure",
  },
});
