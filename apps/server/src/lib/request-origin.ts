import type { FastifyRequest } from 'fastify';

/** The page's own origin, so Alipay sends the buyer back to the host (brand) they paid from. */
export const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;
