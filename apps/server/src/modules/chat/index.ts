// The chat module's public face: its descriptor, and what the teams module builds team
// chats and invitations with (the chat module knows no teams: teams → chat only).
export { chatModule } from './chat.module.ts';
export type { ChatDeps } from './delivery.ts';
export {
  closeTeamInvitations,
  findMessageView,
  lockReceivedInvitation,
  type ReceivedInvitation,
  sendTeamInvite,
  settleInvitation,
  type TeamInviteInput,
} from './invitations.service.ts';
export {
  addTeamChatMember,
  deleteTeamChat,
  openTeamChat,
  readTeamHistory,
  removeTeamChatMember,
  sendTeamMessage,
  type TeamGuard,
  type TeamHistoryQuery,
  type TeamSendInput,
} from './team-chat.service.ts';
