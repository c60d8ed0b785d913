/** Socket.IO is mounted at this path on the same port. */
export const REALTIME_PATH = '/realtime';

/** Events of the connection-check page: the client sends a ping, the server echoes it. */
export const REALTIME_EVENTS = { echo: 'echo' } as const;
export type EchoPayload = { sentAt: number; text: string };
