import { allRoutes } from '@doppel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoppelApp } from './app';
import { createTestApp } from './test-support/test-app';

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
}

/** '/api/tasks/:id' as OpenAPI writes it: '/api/tasks/{id}'. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const operations = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => METHODS.has(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );

let doppel: DoppelApp;
beforeAll(async () => {
  doppel = await createTestApp();
});
afterAll(async () => {
  await doppel.app.close();
});

describe('the route table on the server', () => {
  it('registers every route of the table', () => {
    const missing = allRoutes().filter(
      (route) => !doppel.app.hasRoute({ method: route.method, url: route.path }),
    );
    expect(missing.map((route) => route.id)).toEqual([]);
  });

  it('documents exactly the routes of the table in the private OpenAPI document', async () => {
    const document = (await doppel.app.inject('/api/openapi.json')).json<OpenApiDocument>();
    const documented = operations(document).sort();
    const expected = allRoutes()
      .filter((route) => !route.hide)
      .map((route) => `${route.method} ${openApiPath(route.path)}`)
      .sort();
    expect(documented).toEqual(expected);
  });

  it('documents the v1 routes of the table in the public OpenAPI document', async () => {
    const document = (await doppel.app.inject('/api/v1/openapi.json')).json<OpenApiDocument>();
    const expected = allRoutes()
      .filter((route) => route.id.startsWith('v1.') && !route.hide)
      .map((route) => `${route.method} ${openApiPath(route.path)}`)
      .sort();
    expect(operations(document).sort()).toEqual(expected);
  });
});
