// The vip module's public face: its descriptor. Others read is_vip from the account
// (accounts' vipFlag / vipOf); the notify module learns of grants and renewals from the
// events it announces (vip.events.ts).
import './vip.events.ts';

export { vipModule } from './vip.module.ts';
