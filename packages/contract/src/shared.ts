// The parts of the contract both the browser and the server use (client-index.ts and
// index.ts re-export them with the endpoints each side needs).
export * from './ai-rules.ts';
export * from './api-error.ts';
export * from './chat-rules.ts';
export * from './chime-rules.ts';
export * from './city-choices.ts';
export * from './client.ts';
export * from './common-errors.ts';
export * from './constants.ts';
export * from './endpoint.ts';
export * from './entities/comment.ts';
export * from './entities/draft.ts';
export * from './entities/post.ts';
export * from './entities/user.ts';
export * from './errors.ts';
export * from './input-rules.ts';
export * from './media.ts';
export * from './messages.ts';
export * from './nearby-rules.ts';
export * from './orders-rules.ts';
export * from './realtime.ts';
export * from './shop-rules.ts';
export * from './sign.ts';
export * from './ssr.ts';
export * from './status.ts';
export * from './team-rules.ts';
export * from './vip-rules.ts';
