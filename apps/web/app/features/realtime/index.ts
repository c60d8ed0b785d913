// The realtime feature's public face: the logged-in user's live connection (live.ts),
// and the echo socket of the /test-websocket page.

export {
  emitLive,
  type LiveStatus,
  setLiveUser,
  setMessagesUnread,
  type UnreadTotals,
  useLiveCatchUp,
  useLiveEvent,
  useLiveStatus,
  useUnreadTotals,
} from './live.ts';
export { REALTIME_MESSAGES } from './messages.ts';
export { type ConnectionState, type EchoResult, useEchoSocket } from './use-echo-socket.ts';
