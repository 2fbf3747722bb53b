import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { allRoutes, routeSchemas, type RouteId } from '@doppel/contracts';

/** The zod schemas of a route in the table (contracts route-schemas.ts). */
export type SchemasOf<Id extends RouteId> = (typeof routeSchemas)[Id];

/** A handler whose request and reply are typed by the route's schemas. */
export type TypedHandler<Id extends RouteId> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemasOf<Id>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** What the OpenAPI documents say of a route besides its schemas. */
export type RouteDocs = Pick<
  FastifySchema,
  'tags' | 'summary' | 'description' | 'consumes' | 'produces' | 'security' | 'hide'
>;

/**
 * A route's own options (body limit, serializer, hooks, log level) and its documentation; the
 * method, url and schemas come from the table.
 */
export type RouteExtras = Omit<RouteShorthandOptions, 'schema'> & { schema?: RouteDocs };

const byId = new Map(allRoutes().map((route) => [route.id, route]));

/**
 * Registers routes of the table (contracts routes.ts) on `app`: `on(id, handler)` or
 * `on(id, extras, handler)`. The url is the table's path less the prefix `app` is registered
 * under; the schemas are the table's, with `tags` and the extras' documentation added.
 */
export function routeTable(app: FastifyInstance, docs: RouteDocs = {}) {
  function on<Id extends RouteId>(id: Id, handler: TypedHandler<Id>): void;
  function on<Id extends RouteId>(id: Id, extras: RouteExtras, handler: TypedHandler<Id>): void;
  function on<Id extends RouteId>(
    id: Id,
    extrasOrHandler: RouteExtras | TypedHandler<Id>,
    maybeHandler?: TypedHandler<Id>,
  ): void {
    const route = byId.get(id);
    if (!route) throw new Error(`No route ${id} in the table`);
    const [extras, handler] =
      typeof extrasOrHandler === 'function' ? [{}, extrasOrHandler] : [extrasOrHandler, maybeHandler!];
    if (!route.path.startsWith(`${app.prefix}/`))
      throw new Error(`${id}: ${route.path} is not under the prefix ${app.prefix}`);
    app.route({
      ...extras,
      method: route.method,
      url: route.path.slice(app.prefix.length),
      schema: {
        ...docs,
        ...extras.schema,
        ...(route.hide ? { hide: true } : {}),
        ...(routeSchemas[id] as FastifySchema),
      },
      handler: handler as RouteHandlerMethod,
    });
  }
  return on;
}
