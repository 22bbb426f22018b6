import { API_ROUTES } from '@questfield/contract';
import { describe, expect, it } from 'vitest';
import type { ApiModule } from '../src/modules';
import { createTestApp, dbKind } from './helpers/test-app';

describe(`API route table [${dbKind}]`, () => {
  it('registers only routes listed in the contract', async () => {
    const t = await createTestApp();
    try {
      const known = new Set<string>(Object.values(API_ROUTES).map((route) => route.path));
      const routes = t.app.printRoutes({ commonPrefix: false });
      const paths = [...routes.matchAll(/(\/api\S*) \(/g)].map((match) => match[1] ?? '');
      expect(paths).toContain('/api/health');
      expect(paths).toContain('/api/config');
      for (const path of paths) expect(known.has(path), path).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('refuses an /api route that is not in the contract', async () => {
    const rogue: ApiModule = (app) => {
      app.get('/api/rogue', async () => ({}));
    };
    await expect(createTestApp({ testModules: [rogue] })).rejects.toThrow(/API_ROUTES/);
  });

  it('refuses a contract name used with another path or method', async () => {
    const wrongMethod: ApiModule = (app) => {
      app.route({
        method: 'POST',
        url: '/api/health',
        config: { apiRoute: 'health' },
        handler: async () => ({}),
      });
    };
    await expect(createTestApp({ testModules: [wrongMethod] })).rejects.toThrow(/API_ROUTES/);
  });
});
