// The first user's objects of every kind the access matrix calls endpoints with, made
// through the real API (factories only where a module's own tests use them too: the post
// row, recorded uploads, products), plus the people who call: the owner A, an intruder B
// (logged in, not an admin), A's friends C and D (a conversation, team invitations) and an admin.
import {
  adminProductInfo,
  aiGenerateAvatar,
  aiTextToImage,
  bookmarkAddUrl,
  bookmarkSave,
  chatSend,
  chimeShare,
  commentReply,
  commentSave,
  reportQueue,
  reportSave,
  searchRecord,
  sendTeamInvitation,
  uploadChime,
  vipCreateOrder,
} from '@evcircle/contract';
import { jobEnded } from '../../src/modules/ai/ai.test-helper.ts';
import { follow } from '../../src/modules/chat/chat.test-helper.ts';
import { address, inCart, orderOf, payInSandbox, product } from '../../src/modules/orders/orders.test-helper.ts';
import { createCategory } from '../../src/modules/shop/shop-fixtures.test-helper.ts';
import { startTeam } from '../../src/modules/teams/teams.test-helper.ts';
import type { TestApp } from '../build-test-app.ts';
import { createPost } from '../factories/posts.ts';
import { createImageUpload, saveDraftVia } from '../factories/uploads.ts';
import { newPerson, type Person } from '../login-as.ts';
import { form } from '../test-media.ts';

export type People = { a: Person; b: Person; c: Person; d: Person; admin: Person };

/** A's objects (and the few of C's the matrix needs: an invitation is its receiver's). */
export type Objects = {
  post: number;
  comment: number;
  draft: number;
  /** A second draft, for releasing as a post (which uses the draft up). */
  draftToRelease: number;
  /** A recorded image upload of A's and of B's, by user id (a post's pictures must be the poster's). */
  pictures: Record<number, string>;
  /** A cart line for previews and orders, and one for changing and deleting. */
  cartLine: number;
  cartLineToChange: number;
  address: number;
  /** B's own cart line and address, which B's calls mix with A's ids. */
  intruderCartLine: number;
  intruderAddress: number;
  product: number;
  productCategory: number;
  /** An empty category the admin may delete. */
  category: number;
  /** Unpaid; paid and waiting to ship (shipped by the admin, then confirmed by A); paid, for a refund. */
  order: string;
  paidOrder: string;
  refundOrder: string;
  vipOrder: string;
  team: number;
  /** A second team of A's, for cancelling. */
  teamToCancel: number;
  /** A's invitations of C (to accept) and of D (to refuse). */
  invitationOfC: number;
  invitationOfD: number;
  bookmark: number;
  urlHistory: number;
  searchHistory: number;
  aiJob: number;
  avatar: number;
  chime: number;
  report: number;
};

/** A 1-second 440 Hz stereo tone, as the chime maker writes it. */
function toneWav(): Buffer {
  const rate = 44_100;
  const channels = 2;
  const dataSize = rate * channels * 2;
  const out = Buffer.alloc(44 + dataSize);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + dataSize, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(channels, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * channels * 2, 28);
  out.writeUInt16LE(channels * 2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(dataSize, 40);
  for (let i = 0; i < rate; i++) {
    const value = Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 0.5 * 32767);
    out.writeInt16LE(value, 44 + i * 4);
    out.writeInt16LE(value, 46 + i * 4);
  }
  return out;
}

export async function makePeople(t: TestApp): Promise<People> {
  const [a, b, c, d, admin] = await Promise.all([
    newPerson(t),
    newPerson(t),
    newPerson(t),
    newPerson(t),
    newPerson(t, { role: 'admin' }),
  ]);
  // Friends of A's (invitations go to friends); B is a stranger to everyone.
  for (const friend of [c, d]) {
    await follow(a, friend);
    await follow(friend, a);
  }
  return { a, b, c, d, admin };
}

export async function makeObjects(t: TestApp, { a, b, c, d, admin }: People): Promise<Objects> {
  // A video post: plays are counted on video posts only.
  const post = (
    await createPost(t.app.db, {
      userId: a.id,
      images: [],
      videoSrc: `videos/test/${a.id}-matrix.mp4`,
      videoDurationMs: 12_500,
      likeCount: 0,
      commentCount: 0,
      shareCount: 0,
    })
  ).id;
  const comment = (await a.api.call(commentSave, { pid: post, content: '续航怎么样？' })).cid;
  // A reply, so the comment's replies are something to read.
  await a.api.call(commentReply, { pid: post, cid: comment, content: '挺好的' });
  const draft = (await saveDraftVia(a.api, { content: '草稿：周末的自驾路线' })).did;
  const draftToRelease = (await saveDraftVia(a.api, { content: '草稿：要发布的那篇' })).did;

  const pictures: Record<number, string> = {};
  for (const who of [a, b]) pictures[who.id] = (await createImageUpload(t.app.db, who.id)).key;

  const pid = await product(t, '10.00', 50);
  const category = await createCategory(t, `空分类${Date.now() % 100_000}`);
  const addressId = await address(a);
  const order = (await orderOf(a, pid, addressId)).order_id;
  const paidOrder = (await orderOf(a, pid, addressId)).order_id;
  await payInSandbox(t, a, paidOrder);
  const refundOrder = (await orderOf(a, pid, addressId)).order_id;
  await payInSandbox(t, a, refundOrder);
  // After the orders, which each use up a cart line of the same product.
  const cartLine = await inCart(a, pid);
  const cartLineToChange = await inCart(a, await product(t, '12.00', 50, '方向盘套'));
  const intruderCartLine = await inCart(b, pid);
  const intruderAddress = await address(b);
  const vipOrder = (await a.api.call(vipCreateOrder, { plan_type: 'monthly' })).order_id;

  const team = await startTeam(a);
  const teamToCancel = await startTeam(a, { title: '周日洗车小聚' });
  const invited = await a.api.call(sendTeamInvitation, { team_id: team, receiver_ids: [c.id, d.id], message: '' });
  const invitationOf = (who: Person) => {
    const sent = invited.sent.find((s) => s.receiver_id === who.id);
    if (!sent) throw new Error(`no invitation for ${who.id}: ${JSON.stringify(invited.skipped)}`);
    return sent.message_id;
  };
  await a.api.call(chatSend, { receiver_id: c.id, content: '周末一起去充电站？' });

  const bookmark = (await a.api.call(bookmarkSave, { url: 'https://example.com/charging-map', title: '充电地图' }))
    .bookmark.id;
  const urlHistory = (await a.api.call(bookmarkAddUrl, { url: 'https://example.com/seen', title: '看过的页面' })).hid;
  const searchHistory = (await a.api.call(searchRecord, { word: '冬季续航' })).entry?.hid;
  if (!searchHistory) throw new Error('the search word was not recorded');

  const started = await a.api.call(aiTextToImage, { prompt: '雪山下的白色电动车' });
  await jobEnded(a.api, started.job_id);
  const avatar = (await a.api.call(aiGenerateAvatar, {})).avatars[0]?.id;
  if (avatar === undefined) throw new Error('no avatar choice');

  const wav = await a.api.call(uploadChime, form(toneWav(), 'LockChime.wav', 'audio/wav'));
  const picture = await createImageUpload(t.app.db, a.id, 1200, 300);
  const chime = (await a.api.call(chimeShare, { path: wav.path, title: '清脆的叮', image: picture.key })).id;

  // A report of A's, resolved by the admin (the queue is the admin's way to its id).
  await a.api.call(reportSave, { target_type: 'user', target_id: c.id, reason: 'spam' });
  const report = (await admin.api.call(reportQueue, {}))[0]?.id;
  if (report === undefined) throw new Error('the report is not in the queue');

  return {
    post,
    comment,
    draft,
    draftToRelease,
    pictures,
    cartLine,
    cartLineToChange,
    address: addressId,
    intruderCartLine,
    intruderAddress,
    product: pid,
    productCategory: (await admin.api.call(adminProductInfo, { pid })).cid,
    category,
    order,
    paidOrder,
    refundOrder,
    vipOrder,
    team,
    teamToCancel,
    invitationOfC: invitationOf(c),
    invitationOfD: invitationOf(d),
    bookmark,
    urlHistory,
    searchHistory,
    aiJob: started.job_id,
    avatar,
    chime,
    report,
  };
}
