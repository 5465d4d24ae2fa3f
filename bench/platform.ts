import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { resolveChromium } from '../e2e/browser.ts';
import { signInDemo, startBenchServer } from './server.ts';

export const TARGETS = { privilegesReqPerSec: 3000, privilegesP99Ms: 50, loginJsGzipKb: 200 } as const;

/** Authenticated GET v2/privileges?Find=ByRole at 100 connections, and the gzip size of the JS /login loads. */
export async function benchPlatform() {
  const server = await startBenchServer(8299);
  try {
    const user = await signInDemo(server.url);
    const headers = { authorization: `Bearer ${user.authToken}`, 'x-user-id': String(user.id), 'x-module-id': '1' };
    // Warm-up, then the measured run.
    await autocannon({ url: `${server.url}/web/v2/privileges?Find=ByRole`, connections: 20, duration: 3, headers });
    const result = await autocannon({
      url: `${server.url}/web/v2/privileges?Find=ByRole`,
      connections: 100,
      duration: 15,
      headers,
    });
    const non2xx = result.non2xx + result.errors;

    const { executablePath, args } = await resolveChromium();
    const browser = await chromium.launch({ executablePath, args, headless: true });
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script' && r.url().startsWith(server.url))
        scripts.add(new URL(r.url()).pathname);
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await browser.close();
    const dist = 'apps/web/dist';
    const files = [...scripts].map((p) => {
      const raw = readFileSync(join(dist, p));
      return { path: p, bytes: raw.length, gzipBytes: gzipSync(raw, { level: 9 }).length };
    });
    const gzipKb = files.reduce((s, f) => s + f.gzipBytes, 0) / 1024;
    return {
      privileges: {
        connections: 100,
        durationSeconds: 15,
        requestsPerSecond: Math.round(result.requests.average),
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
        non2xx,
        meetsTarget:
          result.requests.average >= TARGETS.privilegesReqPerSec &&
          result.latency.p99 < TARGETS.privilegesP99Ms &&
          non2xx === 0,
      },
      loginBundle: { files, gzipKb: Math.round(gzipKb * 10) / 10, meetsTarget: gzipKb <= TARGETS.loginJsGzipKb },
      targets: TARGETS,
    };
  } finally {
    await server.stop();
  }
}
