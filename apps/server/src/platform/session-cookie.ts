import { SESSION_COOKIE, SESSION_LIFETIME_DAYS } from '@evcircle/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The web holds its session in an httpOnly, SameSite=Lax cookie (ARCHITECTURE.md):
 * SSR sees it, no script can read it. `Secure` whenever the site is served over https.
 */
function cookieOptions(reply: FastifyReply) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: reply.server.config.PUBLIC_URL.startsWith('https:'),
  };
}

export function setSessionCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(reply), maxAge: SESSION_LIFETIME_DAYS * 86_400 });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(reply));
}

/** The token of this request: `Authorization: Bearer …` first, then the session cookie. */
export function requestToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
    if (match?.[1]) return match[1];
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie ? cookie : null;
}
