import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routeSchemas, type RouteSchemas } from './route-schemas';
import { allRoutes, pathOf, routes } from './routes';

const schemasOf = (id: string): RouteSchemas | undefined =>
  (routeSchemas as Record<string, RouteSchemas>)[id];

describe('the route table', () => {
  it('names every route after its place in the table', () => {
    expect(routes.tasks.list.id).toBe('tasks.list');
    expect(routes.v1.draftReply.id).toBe('v1.draftReply');
    for (const route of allRoutes()) expect(route.id).toMatch(/^\w+\.\w+$/);
  });

  it('has schemas for every route, and no schemas for a route it does not have', () => {
    const ids = allRoutes().map((route) => route.id);
    for (const id of ids) expect(schemasOf(id), id).toBeDefined();
    expect(Object.keys(routeSchemas).sort()).toEqual([...ids].sort());
  });

  it("declares each path's :params in its params schema, and nothing else", () => {
    for (const route of allRoutes()) {
      const inPath = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();
      const schema = schemasOf(route.id)?.params;
      const declared = schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : [];
      expect(declared, route.id).toEqual(inPath);
    }
  });

  it('has one route per method and path', () => {
    const keys = allRoutes().map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives JSON routes a response schema for their success status, and the others none', () => {
    for (const route of allRoutes()) {
      const response = schemasOf(route.id)?.response;
      if (route.kind === 'json' && !route.hide) expect(response?.[route.status], route.id).toBeDefined();
      if (route.kind !== 'json') expect(response, route.id).toBeUndefined();
    }
  });

  it('fills a path with encoded params', () => {
    expect(pathOf(routes.campaigns.updateLeadStatus, { id: 'a b', leadId: 'c/d' })).toBe(
      '/api/campaigns/a%20b/leads/c%2Fd',
    );
    expect(() => pathOf(routes.tasks.get, {})).toThrow('tasks.get: missing param id');
  });
});
