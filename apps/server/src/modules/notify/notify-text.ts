// The sentences notifications show (zh-CN), built when they are read so a renamed actor
// or one more liker shows at once. Pure functions: notify-text.test.ts covers them.

/** What an interaction is about: a post, or a comment (replies are comments too). */
export type NotifyTarget = 'post' | 'comment';

/** Longest excerpt of a post a notification shows (post_excerpt, and the post in a notice), in characters. */
export const EXCERPT_MAX_LENGTH = 60;
/** Longest comment or reply text a notification keeps (its `content`), in characters. */
export const CONTENT_MAX_LENGTH = 140;

/** The first words of `text` on one line: whitespace collapsed, cut at `max` characters with an ellipsis. */
export function excerptOf(text: string, max = EXCERPT_MAX_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= max ? line : `${chars.slice(0, max).join('')}…`;
}

/**
 * Who acted, as a notification names them: "张三", "张三、李四", and from three people on
 * "张三等 3 人" (the latest actor named). `names` are the latest actors, newest first (the
 * ones still visible to the reader); `count` is all of them.
 */
export function actorPhrase(names: readonly string[], count: number): string {
  const [latest = '有人', second] = names;
  if (count <= 1) return latest;
  if (count === 2 && second !== undefined) return `${latest}、${second}`;
  return `${latest}等 ${count} 人`;
}

const TARGET_WORD: Record<NotifyTarget, string> = { post: '帖子', comment: '评论' };

/** What the actors did, after their names (e.g. "赞了你的帖子"). */
function predicate(action: string, target: NotifyTarget): string {
  switch (action) {
    case 'like':
      return `赞了你的${TARGET_WORD[target]}`;
    case 'comment':
      return '评论了你的帖子';
    case 'reply':
      return '回复了你的评论';
    case 'follow':
      return '关注了你';
    case 'mention':
      return `在${TARGET_WORD[target]}中提到了你`;
    default:
      return '与你互动了';
  }
}

/** The sentence of an interaction notification, e.g. "张三等 5 人赞了你的帖子". */
export function interactionText(action: string, target: NotifyTarget, names: readonly string[], count: number): string {
  return `${actorPhrase(names, count)}${predicate(action, target)}`;
}

/** What happened to a team, after the names of who did it (e.g. "加入了车队「周末自驾」"). */
function teamPredicate(action: string, title: string): string {
  switch (action) {
    case 'team_nearby':
      return `在附近发起了车队「${title}」`;
    case 'team_join':
      return `加入了车队「${title}」`;
    case 'team_cancelled':
      return `取消了车队「${title}」`;
    case 'team_disbanded':
      return `解散了车队「${title}」`;
    default:
      return `更新了车队「${title}」`;
  }
}

/** The sentence of a team notification, e.g. "张三等 3 人加入了车队「周末自驾」". */
export function teamText(action: string, title: string, names: readonly string[], count: number): string {
  return `${actorPhrase(names, count)}${teamPredicate(action, title)}`;
}
