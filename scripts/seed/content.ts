import { POST_THEMES, type PostTheme } from '@evcircle/contract';
import { base, Faker, zh_CN } from '@faker-js/faker';
import { avatarCharacter, avatarColorIndex } from '../../apps/server/src/modules/accounts/avatar-art.ts';
import { type Aspect, aspectSize } from './images.ts';
import { createRandom, type Random } from './random.ts';
import {
  AUTHOR_ANSWERS,
  AUTHOR_THANKS,
  BIO_TEMPLATES,
  BIO_TOPICS,
  CAR_COLOR_NAMES,
  CAR_MODELS,
  type CarModel,
  CITIES,
  COMMENT_TEMPLATES,
  NICK_HOBBIES,
  NICK_STEMS,
  NICK_SUFFIXES,
  PET_NAMES,
  type Place,
  POST_TEMPLATES,
  REPLIES,
  REPLY_ANSWERS,
  SLOT_WORDS,
  TRAVEL_SPOTS,
} from './words.ts';

const DAY_MS = 86_400_000;
const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** Everything a run is derived from. Same plan → same rows, same files. */
export type SeedPlan = {
  seed: number;
  users: number;
  posts: number;
  /** "Now" of the data: posts are spread over the 60 days before it. */
  anchor: Date;
  /** Distinct generated images per theme; posts reuse them (bounded render time). */
  imagesPerTheme: number;
  /** Distinct generated videos; video posts reuse them. */
  videos: number;
  /** The first this many users get a last reported position (positions.ts); none by default. */
  located?: number;
};

export type SeedUser = {
  id: number;
  nickname: string;
  avatar: string;
  bio: string;
  sex: number;
  carModel: string;
  createdAt: Date;
  /** Not stored: where the user's everyday posts are tagged. */
  home: { city: string; district: Place };
  isTeslaOwner: boolean;
};

export type SeedImage = { src: string; width: number; height: number };

/** A like on a post or a comment: one row each (post_likes, comment_likes). */
export type SeedLike = { userId: number; createdAt: Date };

/**
 * A comment or a reply. `local` numbers it 1.. within its post (seed.ts turns that into
 * a global id); `parent` is the local number of the top-level comment a reply sits under
 * (0 for a top-level comment). `replyCount` is its number of replies.
 */
export type SeedComment = {
  local: number;
  parent: number;
  userId: number;
  /** Whom a reply answers when it answers another reply; null otherwise. */
  replyToUserId: number | null;
  content: string;
  likes: SeedLike[];
  replyCount: number;
  createdAt: Date;
};

export type SeedPost = {
  id: number;
  userId: number;
  type: PostTheme;
  content: string;
  images: SeedImage[];
  videoSrc: string;
  videoDurationMs: number;
  /** = likes.length: counters equal the rows they count. */
  likeCount: number;
  /** = comments.length (comments and replies, all live). */
  commentCount: number;
  /** Shares and plays are counters by design: no rows behind them. */
  shareCount: number;
  playCount: number;
  likes: SeedLike[];
  comments: SeedComment[];
  location: string;
  latitude: number | null;
  longitude: number | null;
  checkin: number;
  createdAt: Date;
};

/** Pools scale with the data but stay bounded: 1M posts still render at most 300 images. */
export function defaultPools(posts: number): Pick<SeedPlan, 'imagesPerTheme' | 'videos'> {
  const images = Math.min(300, Math.max(40, Math.round(posts * 0.375)));
  return {
    imagesPerTheme: Math.ceil(images / POST_THEMES.length),
    videos: Math.min(6, Math.max(2, Math.ceil(posts / 100))),
  };
}

// ---------------------------------------------------------------- storage keys

/** Avatars are keyed by what they show, so 100k users need only a few thousand files. */
export function avatarKey(character: string, colorIndex: number): string {
  const code = [...character].map((ch) => ch.codePointAt(0)!.toString(16)).join('-');
  return `seed/avatars/${code}-${colorIndex}.jpg`;
}

/** The aspect of pool image `index` of `theme`: mostly phone-portrait, some square and wide. */
export function poolImageAspect(seed: number, theme: PostTheme, index: number): Aspect {
  return createRandom(seed, `aspect:${theme}:${index}`).weighted<Aspect>([
    ['3:4', 45],
    ['1:1', 25],
    ['4:3', 20],
    ['9:16', 10],
  ]);
}

export function poolImageKey(seed: number, theme: PostTheme, index: number): string {
  return `seed/posts/s${seed}-${theme}-${index + 1}.jpg`;
}

export function videoKey(seed: number, index: number): string {
  return `seed/videos/s${seed}-${index + 1}.mp4`;
}

/** The theme each pool video is drawn from: road and charger scenes move best. */
export function videoTheme(index: number): PostTheme {
  return (['travel', 'tesla', 'beauty'] as const)[index % 3]!;
}

// ---------------------------------------------------------------- text

/** Replaces `{slot}` with `fill(slot)`; an unknown slot is a bug in the words and throws. */
export function fillTemplate(template: string, fill: (slot: string) => string | undefined): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = fill(name);
    if (value === undefined) throw new Error(`No filler for {${name}} in "${template}"`);
    return value;
  });
}

function carName(car: CarModel): string {
  return car.brand === '特斯拉' ? car.model : `${car.brand}${car.model}`;
}

/** Integer slots: [min, max, step]. A static table, not closures: 1M posts fill ~4M slots. */
const NUMBER_SLOTS: Record<string, readonly [number, number, number]> = {
  n: [2, 12, 1],
  km: [8, 420, 100],
  months: [2, 30, 1],
  years: [2, 6, 1],
  days: [5, 21, 1],
  hours: [3, 12, 1],
  price: [8, 160, 100],
  wheelSize: [19, 21, 1],
  lowering: [2, 6, 5],
  charges: [6, 30, 1],
  segment: [180, 420, 1],
  percent: [8, 35, 1],
  wait: [0, 25, 1],
  altitude: [30, 52, 100],
  extra: [8, 25, 1],
  temp: [18, 24, 1],
  drop: [3, 9, 1],
  stalls: [2, 10, 4],
  from: [8, 25, 1],
  to: [7, 9, 10],
  takeovers: [0, 6, 1],
  insurance: [45, 90, 100],
  cold: [5, 25, 1],
  soh: [88, 97, 1],
  maint: [3, 12, 100],
  tireKm: [3, 6, 10_000],
  tirePrice: [25, 60, 100],
  ratio: [65, 80, 1],
  commute: [20, 90, 1],
};

const CHOICE_SLOTS: Record<string, readonly string[]> = {
  ...SLOT_WORDS,
  color: CAR_COLOR_NAMES,
  petName: PET_NAMES,
  hobby: NICK_HOBBIES,
  colors: ['64', '128', '256'],
  kw: ['170', '200', '250'],
  winter: ['六', '六五', '七', '七五', '八'],
  homePrice: ['0.3', '0.35', '0.5', '0.6'],
  perKm: ['0.5', '0.6', '0.8', '1'],
  speed: ['110', '120'],
};

type SlotContext = { random: Random; home: SeedUser['home']; car: CarModel; spot: (typeof TRAVEL_SPOTS)[number] };

function slotValue(name: string, { random, home, car, spot }: SlotContext): string | undefined {
  const range = NUMBER_SLOTS[name];
  if (range) return String(random.int(range[0], range[1]) * range[2]);
  const choices = CHOICE_SLOTS[name];
  if (choices) return random.pick(choices);
  switch (name) {
    case 'car':
      return carName(car);
    case 'city':
      return home.city;
    case 'district':
      return `${home.city}${home.district.name}`;
    case 'spot':
      return spot.name;
    case 'route':
      return spot.route;
    case 'nextSpot': {
      const next = random.pick(TRAVEL_SPOTS);
      return next.route === spot.route ? '海南·三亚' : next.name;
    }
    case 'consumption':
      return random.float(12.5, 17.5).toFixed(1);
    default:
      return undefined;
  }
}

const TAGS: Record<PostTheme, readonly string[]> = {
  mod: ['改装', '轮毂', '改色膜', '氛围灯', '隐形车衣'],
  beauty: ['车身照', '颜值党', '随手拍', '洗车'],
  travel: ['自驾游', '电车长途', '露营', '路书'],
  tesla: ['特斯拉', 'FSD', '超充', 'OTA'],
  exp: ['用车经验', '冬季续航', '保养', '新手必看'],
};

function postText(random: Random, theme: PostTheme, context: SlotContext): string {
  const templates = POST_TEMPLATES[theme];
  const bodies = random.sample(templates.bodies, random.weighted(BODY_COUNTS));
  const parts = [random.pick(templates.openings), ...bodies, random.pick(templates.closings)];
  let text = parts.map((part) => fillTemplate(part, (slot) => slotValue(slot, context))).join('');
  const tagCount = random.weighted(TAG_COUNTS);
  if (tagCount > 0) {
    const tags = random.sample([...new Set([...TAGS[theme], context.car.brand])], tagCount);
    text += `\n${tags.map((tag) => `#${tag}`).join(' ')}`;
  }
  return text;
}

const BODY_COUNTS = [
  [1, 5],
  [2, 4],
  [3, 1],
] as const;
const TAG_COUNTS = [
  [0, 3],
  [1, 3],
  [2, 3],
  [3, 1],
] as const;

// ---------------------------------------------------------------- users

function nickname(random: Random, faker: () => Faker, car: CarModel, city: string): string {
  const stem = random.pick(NICK_STEMS);
  const shape = random.weighted(NICK_SHAPES);
  if (shape === 'car') {
    if (random.chance(0.5)) return `${stem}的${car.model}`;
    return car.isTesla ? `${car.model.replace(' ', '')}${stem}` : `${car.brand}${stem}`;
  }
  if (shape === 'city') return `${city}${random.pick([car.model, '电车人', '车友', stem])}`;
  if (shape === 'name') {
    const f = faker();
    const surname = f.person.lastName();
    return random.chance(0.5)
      ? `${surname}${random.pick(['先生', '小姐', '师傅', '老师'])}`
      : surname + f.person.firstName();
  }
  const name = shape === 'stem' ? stem + random.pick(NICK_SUFFIXES) : random.pick(NICK_HOBBIES) + stem;
  return random.chance(0.2) ? name + random.pick(['666', '888', '520', '2023', '2024', '_1', '007']) : name;
}

const NICK_SHAPES = [
  ['stem', 30],
  ['car', 20],
  ['hobby', 15],
  ['city', 15],
  ['name', 20],
] as const;

function pickCar(random: Random): CarModel {
  return random.weighted(CAR_MODELS.map((car) => [car, car.weight] as const));
}

/** User number `index` (0-based; id = index + 1) of the run. */
export function buildUser(plan: SeedPlan, index: number): SeedUser {
  const random = createRandom(plan.seed, `user:${index}`);
  const car = pickCar(random);
  const home = random.pick(CITIES);
  const district = random.pick(home.districts);
  // faker only for real-name style nicknames; reseeding it costs ~40 µs, so only on demand.
  const faker = () => {
    const f = new Faker({ locale: [zh_CN, base] });
    f.seed(random.int(0, 2 ** 31));
    return f;
  };
  const name = nickname(random, faker, car, home.city);
  const bio = fillTemplate(random.pick(BIO_TEMPLATES), (slot) => {
    if (slot === 'topic') return random.pick(BIO_TOPICS);
    if (slot === 'years') return random.pick(['二', '三', '四', '五']);
    if (slot === 'months') return String(random.int(1, 36));
    if (slot === 'km') return String(random.int(5, 900) * 100);
    return slotValue(slot, { random, home: { city: home.city, district }, car, spot: TRAVEL_SPOTS[0]! });
  });
  return {
    id: index + 1,
    nickname: name,
    avatar: avatarKey(avatarCharacter(name), avatarColorIndex(name)),
    bio,
    sex: random.weighted([
      [1, 62],
      [2, 30],
      [0, 8],
    ]),
    carModel: carName(car),
    createdAt: new Date(plan.anchor.getTime() - (61 + random.float(0, 700)) * DAY_MS),
    home: { city: home.city, district },
    isTeslaOwner: car.isTesla,
  };
}

// ---------------------------------------------------------------- posts

/** A time `ageDays` before the anchor, moved to an hour people post at (Beijing time). */
function postTime(random: Random, anchor: Date): Date {
  const ageDays = 60 * random.next() ** 1.5;
  const hour = random.weighted([
    [7, 3],
    [8, 5],
    [9, 3],
    [10, 2],
    [11, 3],
    [12, 6],
    [13, 4],
    [14, 2],
    [15, 2],
    [16, 2],
    [17, 3],
    [18, 5],
    [19, 6],
    [20, 9],
    [21, 10],
    [22, 9],
    [23, 5],
    [0, 2],
  ]);
  const local = anchor.getTime() - ageDays * DAY_MS + BEIJING_OFFSET_MS;
  const dayStart = Math.floor(local / DAY_MS) * DAY_MS;
  let time = dayStart + hour * 3_600_000 + random.int(0, 3599) * 1000 - BEIJING_OFFSET_MS;
  if (time > anchor.getTime()) time -= DAY_MS;
  return new Date(time);
}

const HOUR_MS = 3_600_000;

/**
 * `count` distinct user ids out of 1..`users`, never `exclude`. Lower ids are a little
 * more active (as with authors); a crowded draw falls back to a plain shuffle.
 */
function distinctUsers(random: Random, users: number, count: number, exclude: number): number[] {
  const take = Math.min(count, users - 1);
  if (take <= 0) return [];
  if (take * 2 > users - 1) {
    const others = Array.from({ length: users - 1 }, (_, i) => (i + 1 >= exclude ? i + 2 : i + 1));
    return random.sample(others, take);
  }
  const chosen = new Set<number>();
  while (chosen.size < take) {
    let id = 1 + Math.floor(users * random.next() ** 1.4);
    for (let tries = 0; (id === exclude || chosen.has(id)) && tries < 20; tries++) id = random.int(1, users);
    if (id !== exclude && !chosen.has(id)) chosen.add(id);
  }
  return [...chosen];
}

/** A moment after `from` and before `to` (ms), most of them soon after `from`. */
function timeBetween(random: Random, from: number, to: number): number {
  if (to - from < 2000) return from + Math.floor((to - from) / 2);
  return from + 1000 + Math.floor((to - from - 2000) * random.next() ** 3);
}

function likesOf(random: Random, users: number, count: number, exclude: number, from: number, to: number) {
  return distinctUsers(random, users, count, exclude)
    .map((userId) => ({ userId, createdAt: new Date(timeBetween(random, from, to)) }))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** A comment's text, its {slots} filled from the commenter's car and city. */
function commentText(random: Random, templates: readonly string[], user: SeedUser, spot: SlotContext['spot']): string {
  const car = CAR_MODELS.find((c) => carName(c) === user.carModel) ?? CAR_MODELS[0]!;
  return fillTemplate(random.pick(templates), (slot) => slotValue(slot, { random, home: user.home, car, spot }));
}

/**
 * Real engagement for a post: distinct likers (never the author; heavy-tailed, mean ~8,
 * fewer on a post only hours old), a few comments by other users, some with replies (the
 * author answering, the commenter answering back, others chiming in) and comment likes,
 * all timed between the post and the anchor. Counters come from these rows.
 */
function engagement(
  random: Random,
  users: readonly SeedUser[],
  post: { userId: number; type: PostTheme; createdAt: Date; isVideo: boolean },
  spot: SlotContext['spot'],
  anchor: Date,
) {
  const from = post.createdAt.getTime();
  const to = anchor.getTime();
  const exposure = to - from > 2000 ? Math.min(1, (to - from) / (6 * HOUR_MS)) : 0;
  const viral = random.chance(0.02) ? random.int(5, 30) : 1;
  const audience = Math.floor(Math.exp(random.float(0, 1.75) + random.float(0, 1.75))) * viral;
  const n = users.length;
  const likes = likesOf(random, n, Math.floor((audience - 1) * exposure), post.userId, from, to);

  const comments: SeedComment[] = [];
  const topCount = Math.min(30, Math.floor((likes.length * random.float(0.05, 0.2) + random.next() * 1.2) * exposure));
  const commenters = distinctUsers(random, n, topCount, post.userId);
  const topTemplates = [...COMMENT_TEMPLATES.any, ...COMMENT_TEMPLATES[post.type]];
  const add = (c: Omit<SeedComment, 'local' | 'likes' | 'replyCount'>, likeSpread: number) => {
    // Heavy-tailed: e^U − 1 likes, U uniform in [0, likeSpread).
    const likeCount = Math.floor(Math.exp(random.float(0, likeSpread)) - 1);
    const comment: SeedComment = {
      ...c,
      local: comments.length + 1,
      likes: likesOf(random, n, likeCount, c.userId, c.createdAt.getTime(), to),
      replyCount: 0,
    };
    comments.push(comment);
    return comment;
  };
  for (const commenter of commenters) {
    const user = users[commenter - 1]!;
    const at = timeBetween(random, from, to);
    const top = add(
      {
        parent: 0,
        userId: commenter,
        replyToUserId: null,
        content: commentText(random, topTemplates, user, spot),
        createdAt: new Date(at),
      },
      1.4,
    );
    if (!random.chance(0.3) || to - at < 60_000) continue;
    const replies: SeedComment[] = [];
    const replyCount = random.weighted(REPLY_COUNTS);
    for (let j = 0; j < replyCount; j++) {
      const last = replies[replies.length - 1];
      let userId: number;
      let answers: SeedComment | null = null;
      if (last && last.userId !== top.userId && random.chance(0.45)) {
        // The commenter answers whoever replied last.
        userId = top.userId;
        answers = last;
      } else {
        const byAuthor = post.userId !== top.userId && random.chance(0.5);
        userId = byAuthor ? post.userId : (distinctUsers(random, n, 1, top.userId)[0] ?? post.userId);
        if (last && random.chance(0.35)) answers = random.pick(replies);
        if (answers?.userId === userId) answers = null;
      }
      const templates =
        userId === post.userId
          ? (answers ?? top).content.endsWith('？')
            ? AUTHOR_ANSWERS
            : AUTHOR_THANKS
          : answers !== null || userId === top.userId
            ? REPLY_ANSWERS
            : REPLIES;
      const after = (answers ?? last ?? top).createdAt.getTime();
      replies.push(
        add(
          {
            parent: top.local,
            userId,
            replyToUserId: answers?.userId ?? null,
            content: commentText(random, templates, users[userId - 1]!, spot),
            createdAt: new Date(timeBetween(random, after, to)),
          },
          0.9,
        ),
      );
    }
    top.replyCount = replies.length;
  }

  return {
    likeCount: likes.length,
    commentCount: comments.length,
    shareCount: Math.floor(audience * exposure * random.float(0.02, 0.15)),
    playCount: post.isVideo ? Math.floor(audience * exposure * random.float(8, 40)) + random.int(20, 200) : 0,
    likes,
    comments,
  };
}

const REPLY_COUNTS = [
  [1, 6],
  [2, 3],
  [3, 2],
  [5, 1],
] as const;

const jitter = (random: Random, value: number) => Math.round((value + random.float(-0.03, 0.03)) * 1e6) / 1e6;

export type PostAuthors = { all: readonly SeedUser[]; teslaOwners: readonly SeedUser[] };

export function indexAuthors(users: readonly SeedUser[]): PostAuthors {
  return { all: users, teslaOwners: users.filter((u) => u.isTeslaOwner) };
}

/**
 * Post number `index` (0-based; id = index + 1). Authors follow a power law (a few
 * people post a lot); Tesla posts come from Tesla owners.
 */
export function buildPost(plan: SeedPlan, authors: PostAuthors, index: number): SeedPost {
  const random = createRandom(plan.seed, `post:${index}`);
  const type = random.weighted<PostTheme>([
    ['mod', 18],
    ['beauty', 22],
    ['travel', 22],
    ['tesla', 18],
    ['exp', 20],
  ]);
  const pool = type === 'tesla' && authors.teslaOwners.length > 0 ? authors.teslaOwners : authors.all;
  const author = pool[Math.floor(pool.length * random.next() ** 2.2)]!;
  const car =
    CAR_MODELS.find((c) => carName(c) === author.carModel) ??
    random.pick(CAR_MODELS.filter((c) => c.isTesla === (type === 'tesla')));

  const isVideo = plan.videos > 0 && random.chance(0.06);
  let images: SeedImage[] = [];
  let videoSrc = '';
  let videoDurationMs = 0;
  if (isVideo) {
    const video = random.int(0, plan.videos - 1);
    videoSrc = videoKey(plan.seed, video);
    videoDurationMs = 4000;
  } else {
    const count = random.weighted([
      [1, 25],
      [2, 10],
      [3, 15],
      [4, 12],
      [5, 4],
      [6, 12],
      [7, 3],
      [8, 3],
      [9, 14],
    ]);
    const indices = random.sample(
      Array.from({ length: plan.imagesPerTheme }, (_, i) => i),
      count,
    );
    images = indices.map((i) => ({
      src: poolImageKey(plan.seed, type, i),
      ...aspectSize(poolImageAspect(plan.seed, type, i)),
    }));
  }

  const spot = random.pick(TRAVEL_SPOTS);
  let place: { label: string; at: Place } | null = null;
  if (type === 'travel') {
    place = { label: spot.name, at: spot };
  } else if (random.chance(0.65)) {
    place = { label: `${author.home.city}·${author.home.district.name}`, at: author.home.district };
  }

  const content = postText(random, type, { random, home: author.home, car, spot });
  const location = place?.label ?? '';
  const latitude = place ? jitter(random, place.at.latitude) : null;
  const longitude = place ? jitter(random, place.at.longitude) : null;
  const checkin = type === 'travel' && random.chance(0.3) ? 1 : 0;
  const createdAt = postTime(random, plan.anchor);
  return {
    id: index + 1,
    userId: author.id,
    type,
    content,
    images,
    videoSrc,
    videoDurationMs,
    location,
    latitude,
    longitude,
    checkin,
    createdAt,
    // Its own generator: engagement depends on the users, the post's text does not.
    ...engagement(
      createRandom(plan.seed, `engagement:${index}`),
      authors.all,
      { userId: author.id, type, createdAt, isVideo },
      spot,
      plan.anchor,
    ),
  };
}
