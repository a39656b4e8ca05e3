/**
 * The app as every route plugin sees it: Fastify with the zod type provider, so each handler's
 * `req.body`, `req.query` and `req.params` are typed from the route's contract schemas and its
 * return value is checked against the response schema. Types only: validation still runs through
 * our `zodValidatorCompiler` (Chinese messages) and `serializerCompiler`, set on the app in app.ts.
 * A route plugin takes `app: RouteApp` and is registered as usual (`app.register(xRoutes, deps)`).
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export type RouteApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/**
 * The reply of a route whose answer is not what its response schema describes (a PDF, an SVG, JSON
 * serialised ahead of time): the schema documents the JSON answer for OpenAPI and types `send`, so
 * the other answers are sent through the untyped reply (the same object; Fastify has no typed way
 * to widen a reply's payload type).
 */
export const rawReply = (reply: Pick<FastifyReply, 'raw'>): FastifyReply => reply as FastifyReply;
