import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApps, startApps } from './harness/apps';
import { scanForSecrets } from './harness/secret-scan';

/** Both apps as real processes with real-looking keys and tokens; needs `pnpm build`. */
describe('no secret in any response body, header or log line', () => {
  let apps: RunningApps;
  beforeAll(async () => {
    apps = await startApps();
  }, 120_000);
  afterAll(async () => {
    await apps?.close();
  });

  it('runs the main flows of both apps and finds none of the keys and tokens', async () => {
    const scan = await scanForSecrets(apps);
    expect(scan.found).toEqual([]);
    expect(scan.requests).toBeGreaterThanOrEqual(40);
    // The scan searched real output: requests were logged, and the upstream saw the keys.
    expect(scan.logLines).toBeGreaterThan(40);
    expect(apps.upstream.calls.some((call) => call.apiKey !== null)).toBe(true);
  }, 300_000);
});
