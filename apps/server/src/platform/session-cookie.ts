import { SESSION_COOKIE, SESSION_LIFETIME_DAYS } from '@evcircle/contract';
import fastifyCookie from '@fastify/cookie';
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
  const bearer = bearerToken(request.headers.authorization);
  if (bearer) return bearer;
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie ? cookie : null;
}

/** What a Socket.IO handshake carries that names a session. */
type Handshake = { headers: Record<string, string | string[] | undefined>; auth: Record<string, unknown> };

/**
 * The token of a realtime connection: `auth.token` or `Authorization: Bearer …` (apps),
 * then the session cookie, which counts only when the page that opened the socket is of
 * this site (an Origin of another host is a cross-site page riding on the cookie).
 */
export function handshakeToken(handshake: Handshake): string | null {
  const fromAuth = handshake.auth?.token;
  if (typeof fromAuth === 'string' && fromAuth) return fromAuth;
  const bearer = bearerToken(handshake.headers.authorization);
  if (bearer) return bearer;
  const origin = handshake.headers.origin;
  const host = handshake.headers.host;
  if (typeof origin === 'string' && origin !== 'null') {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return null;
    }
    if (originHost !== host) return null;
  }
  const cookieHeader = handshake.headers.cookie;
  if (typeof cookieHeader !== 'string') return null;
  const cookie = fastifyCookie.parse(cookieHeader)[SESSION_COOKIE];
  return cookie ? cookie : null;
}

function bearerToken(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}
