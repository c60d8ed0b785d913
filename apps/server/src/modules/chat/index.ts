// The chat module's public face: its descriptor (private chats now; team chats reuse
// conversations, members and delivery with the teams issue).
export { chatModule } from './chat.module.ts';
