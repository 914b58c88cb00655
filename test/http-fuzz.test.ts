import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, type RunningApps, startApps } from './harness/apps';
import { fuzzRoutes, ROUTES } from './harness/fuzz';

/** The fast part of the fuzzing (pnpm reliability runs many more inputs); needs `pnpm build`. */
describe('fuzzing every route of both apps over HTTP', () => {
  let apps: RunningApps;
  beforeAll(async () => {
    // Rate limits off: the fuzzer is one caller sending far more than a person would.
    apps = await startApps({ env: { CAE_RATE_LIMIT: '0' } });
  }, 120_000);
  afterAll(async () => {
    await apps?.close();
  });

  it('answers every generated request with a documented status and error body, and stays up', async () => {
    const report = await fuzzRoutes(apps, { runsPerRoute: 40, seed: 1717 });
    expect(report.failures).toEqual([]);
    expect(Object.keys(report.perRoute)).toHaveLength(ROUTES.length);
    expect(report.total).toBe(ROUTES.length * 40);
    expect(report.secretsFound).toBe(0);
    expect(apps.alive()).toBe(true);
    expect((await fetch(`${apps.engineUrl}/health`)).status).toBe(200);
    expect((await fetch(`${apps.gatewayUrl}/api/health`, { headers: auth() })).status).toBe(200);
  }, 600_000);
});
