// The realtime feature's public face: the echo socket of the /test-websocket page.
export { REALTIME_MESSAGES } from './messages.ts';
export { type ConnectionState, type EchoResult, useEchoSocket } from './use-echo-socket.ts';
