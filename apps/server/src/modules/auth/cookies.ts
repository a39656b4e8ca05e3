/** The page reads identity from these cookies as well as local storage (SPEC.md section 3 and 6). */
import type { LoginResult } from '@dropship/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

export function setIdentityCookies(req: FastifyRequest, reply: FastifyReply, result: LoginResult) {
  // Secure under https (req.protocol follows X-Forwarded-Proto from a trusted proxy), so the token never travels in clear.
  const opts = { path: '/', sameSite: 'lax' as const, expires: new Date(result.expiresAt), secure: req.protocol === 'https' };
  reply.setCookie('user_id', String(result.userId), opts);
  reply.setCookie('user_hash', result.userHash, opts);
}
