import { AppError, logout, logoutAll, mobileLogin, myAccount, smsChallenge, smsCode } from '@evcircle/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoints.ts';
import type { Viewer } from '../../platform/fastify-types.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import { getAccount } from '../users/account.service.ts';
import { issueChallenge } from './challenge.service.ts';
import { clearSessionCookie, setSessionCookie } from './session-cookie.ts';
import { revokeAllSessions, revokeSession } from './sessions.service.ts';
import { type AuthDeps, loginWithSmsCode, sendLoginCode } from './sms-login.service.ts';

export type AuthRoutesOptions = {
  /** Counts SMS and challenge limits; Redis-backed when REDIS_URL is set, so every process shares them. */
  limiter: RateLimiter;
  /** The clock, for tests that move it. */
  now?: () => Date;
};

/** The viewer of an `auth: 'required'` endpoint (registerEndpoint answered 2011 already; this narrows the type). */
function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AppError('NOT_LOGGED_IN');
  return viewer;
}

/** SMS login, logout and the viewer's own account, as the contract declares them. */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const deps: AuthDeps = {
    db: app.db,
    sms: app.sms,
    limiter: options.limiter,
    storage: app.storage,
    log: app.log,
    now: options.now ?? (() => new Date()),
  };

  registerEndpoint(app, smsCode, (input, { request }) => sendLoginCode(deps, input, request.ip));

  registerEndpoint(app, smsChallenge, (_input, { request }) => issueChallenge(deps, request.ip));

  registerEndpoint(app, mobileLogin, async (input, { request, reply }) => {
    const result = await loginWithSmsCode(deps, input, request.headers['user-agent'] ?? '');
    setSessionCookie(reply, result.token);
    return result;
  });

  registerEndpoint(app, logout, async (_input, { viewer, reply }) => {
    const { id, sessionId } = requireViewer(viewer);
    await revokeSession(app.db, id, sessionId);
    clearSessionCookie(reply);
    return { result: true };
  });

  registerEndpoint(app, logoutAll, async (_input, { viewer, reply }) => {
    const sessions = await revokeAllSessions(app.db, requireViewer(viewer).id);
    clearSessionCookie(reply);
    return { result: true, sessions };
  });

  registerEndpoint(app, myAccount, (_input, { viewer }) => getAccount(app.db, requireViewer(viewer).id));
}
