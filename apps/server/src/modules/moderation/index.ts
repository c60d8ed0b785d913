// The moderation module's public face: the prohibited-words filter every text write uses.
import { defineModule } from '../../platform/module.ts';

export { assertNoProhibitedWords, findProhibitedWord } from './prohibited-words.ts';

export const moderationModule = defineModule({ name: 'moderation' });
