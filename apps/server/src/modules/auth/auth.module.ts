import { logout, logoutAll, mobileLogin, smsChallenge, smsCode } from '@evcircle/contract';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import { realtimeOf } from '../../platform/realtime.ts';
import { clearSessionCookie, setSessionCookie } from '../../platform/session-cookie.ts';
import * as tables from './auth.tables.ts';
import { issueChallenge } from './challenge.service.ts';
import { forgetViewer, revokeAllSessions, revokeSession } from './sessions.service.ts';
import { type AuthDeps, loginWithSmsCode, sendLoginCode } from './sms-login.service.ts';
import { registerViewer } from './viewer.plugin.ts';

/** SMS login, logout, sessions, and who is calling (the viewer of every API request). */
export const authModule = defineModule({
  name: 'auth',
  tables,
  endpoints: (app) => {
    const deps: AuthDeps = {
      db: app.db,
      sms: app.sms,
      limiter: app.limiter,
      storage: app.storage,
      log: app.log,
      now: () => new Date(),
    };
    return [
      serve(smsCode, (input, { request }) => sendLoginCode(deps, input, request.ip)),
      serve(smsChallenge, (_input, { request }) => issueChallenge(deps, request.ip)),
      serve(mobileLogin, async (input, { request, reply }) => {
        const result = await loginWithSmsCode(deps, input, request.headers['user-agent'] ?? '');
        setSessionCookie(reply, result.token);
        return result;
      }),
      serve(logout, async (_input, { viewer, reply }) => {
        await revokeSession(app.db, viewer.id, viewer.sessionId);
        clearSessionCookie(reply);
        return { result: true };
      }),
      serve(logoutAll, async (_input, { viewer, reply }) => {
        const sessions = await revokeAllSessions(app.db, viewer.id);
        clearSessionCookie(reply);
        return { result: true, sessions };
      }),
    ];
  },
  routes: registerViewer,
  events: {
    // Every session of a deleted account ends with it.
    'account.deleted': {
      inTransaction: async ({ userId }, tx) => {
        await revokeAllSessions(tx, userId);
      },
    },
    // Recognised sessions are answered from memory for a few seconds: an ended one is forgotten everywhere.
    // The user's open sockets of an ended session close too.
    'session.revoked': {
      everywhere: ({ userId }, db) => {
        forgetViewer(db, userId);
        realtimeOf(db)?.recheckUser(userId);
      },
    },
  },
});
