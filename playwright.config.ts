// Browser tests: the system Chromium against the production build served by the real server, on two test
// databases: "demo" (generated data, always available) and "real" (the CMS files in ../shared, when present).
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium.ts";

// E2E_PORT_BASE moves both servers (so that two checkouts on one machine can run their browser tests at once).
const portBase = Number(process.env.E2E_PORT_BASE ?? 4311);
export const E2E_PORTS = { demo: portBase + 1, real: portBase } as const;

export default defineConfig({
  testDir: "e2e",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    viewport: { width: 1280, height: 900 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: "off",
  },
  projects: [
    {
      name: "demo",
      testMatch: /.*(?<!\.real)\.spec\.ts$/,
      use: { baseURL: `http://127.0.0.1:${E2E_PORTS.demo}` },
    },
    {
      name: "real",
      testMatch: /.*\.real\.spec\.ts$/,
      use: { baseURL: `http://127.0.0.1:${E2E_PORTS.real}` },
    },
  ],
  webServer: [
    {
      command: `npx tsx scripts/e2e-server.ts demo ${E2E_PORTS.demo}`,
      url: `http://127.0.0.1:${E2E_PORTS.demo}/healthz`,
      reuseExistingServer: !process.env.CI,
      timeout: 300_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `npx tsx scripts/e2e-server.ts real ${E2E_PORTS.real}`,
      url: `http://127.0.0.1:${E2E_PORTS.real}/healthz`,
      reuseExistingServer: !process.env.CI,
      timeout: 300_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
