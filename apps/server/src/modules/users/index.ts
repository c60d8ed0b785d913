// The users module's public face: the account view a login answers with.

export { usersModule } from './users.module.ts';
export { getAccount } from './users.service.ts';
