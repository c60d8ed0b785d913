// How the access matrix calls each endpoint that takes an object id: the input naming the
// first user's object, who owns it (A unless told), and for a write what the owner reads to
// see it unchanged after the others' calls. The expected answers are not here: they follow
// from each endpoint's `access` declaration in the contract. The owners' own calls run in
// this order after every refusal, so what uses an object up (a delete, a release, an order
// made from a cart line) comes after what reads or changes it.

import * as contract from '@evcircle/contract';
import { type ApiClient, POST_THEMES } from '@evcircle/contract';
import { IMAGE } from '../../src/modules/shop/shop-fixtures.test-helper.ts';
import type { Person } from '../login-as.ts';
import type { Objects, People } from './objects.ts';

export type Case = {
  /** The input naming the object; `caller` is who sends it (undefined: an anonymous visitor). */
  input: (o: Objects, p: People, caller?: Person) => Record<string, unknown>;
  /** Whose object it is (A unless told): the one whose own call must succeed. */
  owner?: (p: People) => Person;
  /** For a write: what the owner reads before and after the others' calls, and must read the same. */
  state?: (o: Objects, api: ApiClient) => Promise<unknown>;
  /** A public object its owner deletes in the end (post, comment, chime): then NOT_FOUND for everyone. */
  goneAfterwards?: true;
};

const TEXT = '路过看看';

const read = {
  post: (o: Objects, api: ApiClient) =>
    api.call(contract.postInfo, { id: o.post }).then((p) => ({ content: p.content, uid: p.uid })),
  comments: (o: Objects, api: ApiClient) =>
    api.call(contract.commentPager, { pid: o.post }).then((page) => JSON.stringify(page).length),
  draft: (id: (o: Objects) => number) => (o: Objects, api: ApiClient) => api.call(contract.draftInfo, { did: id(o) }),
  order: (id: (o: Objects) => string) => (o: Objects, api: ApiClient) =>
    api.call(contract.orderInfo, { order_id: id(o) }).then((order) => order.state),
  cart: (_o: Objects, api: ApiClient) => api.call(contract.cartList, {}),
  addresses: (_o: Objects, api: ApiClient) => api.call(contract.addressList, {}),
  team: (o: Objects, api: ApiClient) =>
    api.call(contract.teamMembers, { id: o.team }).then((t) => ({ state: t.team.status, members: t.members.length })),
  teamToCancel: (o: Objects, api: ApiClient) =>
    api.call(contract.teamMembers, { id: o.teamToCancel }).then((t) => t.team.status),
  teamChat: (o: Objects, api: ApiClient) =>
    api.call(contract.teamChatHistory, { team_id: o.team }).then((h) => h.messages.length),
  bookmarks: (_o: Objects, api: ApiClient) => api.call(contract.bookmarkList, {}),
  urlHistory: (_o: Objects, api: ApiClient) => api.call(contract.bookmarkUrlHistory, {}),
  searchHistory: (_o: Objects, api: ApiClient) => api.call(contract.searchIndex, {}).then((i) => i.history),
  gallery: (_o: Objects, api: ApiClient) => api.call(contract.aiGallery, {}).then((g) => JSON.stringify(g).length),
  avatar: (_o: Objects, api: ApiClient) => api.call(contract.myAccount, {}).then((me) => me.avatar),
  chime: (o: Objects, api: ApiClient) => api.call(contract.chimeDetail, { id: o.chime }).then((c) => c.title),
  vipOrder: (o: Objects, api: ApiClient) =>
    api.call(contract.vipOrderStatus, { order_id: o.vipOrder }).then((s) => s.state),
};

const c = (p: People) => p.c;
const d = (p: People) => p.d;

/** By the endpoint's name in the contract. */
export const CASES: Record<string, Case> = {
  // Reads.
  postDetail: { input: (o) => ({ pid: o.post }), goneAfterwards: true },
  postInfo: { input: (o) => ({ id: o.post }), goneAfterwards: true },
  commentPager: { input: (o) => ({ pid: o.post }), goneAfterwards: true },
  replyPager: { input: (o) => ({ cid: o.comment }), goneAfterwards: true },
  draftInfo: { input: (o) => ({ did: o.draft }) },
  orderInfo: { input: (o) => ({ order_id: o.order }) },
  adminOrderInfo: { input: (o) => ({ order_id: o.order }) },
  vipOrderStatus: { input: (o) => ({ order_id: o.vipOrder }) },
  aiJob: { input: (o) => ({ job_id: o.aiJob }) },
  chimeDetail: { input: (o) => ({ id: o.chime }), goneAfterwards: true },
  teamMembers: { input: (o) => ({ id: o.team }) },
  teamChatHistory: { input: (o) => ({ team_id: o.team }) },
  teamResponseStatus: { input: (o) => ({ team_id: o.team }) },
  teamResponses: { input: (o) => ({ team_ids: String(o.team) }) },
  adminProductInfo: { input: (o) => ({ pid: o.product }) },
  productInfo: { input: (o) => ({ pid: o.product }) },
  userInfo: { input: (_o, p) => ({ uid: p.a.id }) },
  userPosts: { input: (_o, p) => ({ uid: p.a.id }) },
  userOnlineStatus: { input: (_o, p) => ({ uid: p.a.id }) },
  followers: { input: (_o, p) => ({ uid: p.a.id }) },
  followingList: { input: (_o, p) => ({ uid: p.a.id }) },
  followCheck: { input: (_o, p) => ({ uid: p.a.id }) },
  followCheckMutual: { input: (_o, p) => ({ uid: p.a.id }) },
  blockCheck: { input: (_o, p) => ({ uid: p.a.id }) },
  chatHistory: { input: (_o, p) => ({ receiver_id: p.a.id }) },
  // B names its own cart line and A's address: the address alone must be refused.
  orderPreview: {
    input: (o, p, caller) =>
      caller === p.b
        ? { cids: String(o.intruderCartLine), address_id: o.address }
        : { cids: String(o.cartLine), address_id: o.address },
    state: read.cart,
  },

  // Writes that leave the object in place.
  postPlay: { input: (o) => ({ pid: o.post }), goneAfterwards: true },
  postShare: { input: (o) => ({ pid: o.post }), goneAfterwards: true },
  likeAct: { input: (o) => ({ pid: o.post }), goneAfterwards: true },
  commentSave: { input: (o) => ({ pid: o.post, content: TEXT }), goneAfterwards: true },
  commentReply: { input: (o) => ({ pid: o.post, cid: o.comment, content: TEXT }), goneAfterwards: true },
  reportSave: { input: (o) => ({ target_type: 'post', target_id: o.post, reason: 'spam' }), goneAfterwards: true },
  chimeDownload: { input: (o) => ({ id: o.chime }), goneAfterwards: true },
  productQrcode: { input: (o) => ({ pid: o.product }) },
  cartAdd: { input: (o) => ({ pid: o.product, number: 1 }) },
  chatCreateSession: { input: (_o, p) => ({ receiver_id: p.a.id }) },
  chatSend: { input: (_o, p) => ({ receiver_id: p.a.id, content: TEXT }) },
  followAct: { input: (_o, p) => ({ uid: p.a.id }) },
  respondTeam: { input: (o) => ({ team_id: o.team, action: 'cannot' }) },
  markAsRead: { input: (o) => ({ message_type: 'group', id: o.team }), state: read.teamChat },
  sendTeamChat: { input: (o) => ({ team_id: o.team, content: TEXT }), state: read.teamChat },
  sendTeamInvitation: { input: (o, p) => ({ team_id: o.team, receiver_ids: String(p.c.id) }) },
  draftRelease: {
    input: (o) => ({ did: o.draft, content: '改过的草稿', imgpack: '' }),
    state: read.draft((o) => o.draft),
  },
  bookmarkUpdate: {
    input: (o) => ({ id: o.bookmark, fields: JSON.stringify({ title: '改过的标题' }) }),
    state: read.bookmarks,
  },
  addressSave: {
    input: (o) => ({
      id: o.address,
      name: '李四',
      mobile: '13900139000',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      detail: '科技园北区 1 栋',
      is_default: true,
    }),
    state: read.addresses,
  },
  cartUpdateNumber: { input: (o) => ({ cid: o.cartLineToChange, number: 3 }), state: read.cart },
  orderPay: {
    input: (o) => ({ order_id: o.order, pay_type: 'sandbox', pay_channel: 'h5' }),
    state: read.order((o) => o.order),
  },
  vipPayOrder: {
    input: (o) => ({ order_id: o.vipOrder, pay_type: 'sandbox', pay_channel: 'h5' }),
    state: read.vipOrder,
  },
  aiUseAvatar: { input: (o) => ({ id: o.avatar }), state: read.avatar },
  acceptTeamInvitation: {
    input: (o) => ({ team_id: o.team, message_id: o.invitationOfC }),
    owner: c,
    state: read.team,
  },
  rejectTeamInvitation: {
    input: (o) => ({ team_id: o.team, message_id: o.invitationOfD }),
    owner: d,
    state: read.team,
  },
  adminOrderShip: { input: (o) => ({ order_id: o.paidOrder, courier: '顺丰速运', tracking_no: 'SF1234567890' }) },
  orderConfirm: { input: (o) => ({ order_id: o.paidOrder }), state: read.order((o) => o.paidOrder) },
  adminOrderRefund: { input: (o) => ({ order_id: o.refundOrder, reason: '买家申请退款' }) },
  adminProductOnSale: { input: (o) => ({ pid: o.product, on_sale: true }) },
  adminProductSave: {
    input: (o) => ({
      pid: o.product,
      cid: o.productCategory,
      title: '车载充电线',
      images: JSON.stringify([IMAGE]),
      skus: JSON.stringify([{ options: [], price: '10', stock: 50 }]),
      on_sale: '1',
    }),
  },
  adminCategorySave: { input: (o) => ({ cid: o.category, cname: '改名分类' }) },
  reportResolve: { input: (o) => ({ id: o.report, action: 'dismiss' }) },
  // B slips A's cart line in among its own, to its own address: refused, and nothing ordered.
  orderCreate: {
    input: (o, p, caller) =>
      caller === p.b
        ? { cids: `${o.intruderCartLine},${o.cartLine}`, address_id: o.intruderAddress }
        : { cids: String(o.cartLine), address_id: o.address },
    state: read.cart,
  },
  postRelease: {
    // The caller's own picture: what is refused must be the draft, not someone else's upload.
    input: (o, p, caller) => ({
      did: o.draftToRelease,
      content: '从草稿发布',
      imgpack: JSON.stringify([{ src: o.pictures[(caller ?? p.a).id] }]),
      type: POST_THEMES[0],
    }),
    state: read.draft((o) => o.draftToRelease),
  },

  // Writes that end the object: last.
  leaveTeam: { input: (o) => ({ team_id: o.team }), owner: c, state: read.team },
  orderCancel: { input: (o) => ({ order_id: o.order }), state: read.order((o) => o.order) },
  cancelTeam: { input: (o) => ({ team_id: o.teamToCancel }), state: read.teamToCancel },
  cartDelete: {
    input: (o, p, caller) =>
      caller === p.b ? { cids: `${o.intruderCartLine},${o.cartLineToChange}` } : { cids: String(o.cartLineToChange) },
    state: read.cart,
  },
  draftDelete: { input: (o) => ({ did: o.draft }), state: read.draft((o) => o.draft) },
  bookmarkDelete: { input: (o) => ({ id: o.bookmark }), state: read.bookmarks },
  bookmarkDeleteUrl: { input: (o) => ({ id: o.urlHistory }), state: read.urlHistory },
  searchHistoryDelete: { input: (o) => ({ hid: o.searchHistory }), state: read.searchHistory },
  aiGalleryDelete: { input: (o) => ({ job_id: o.aiJob }), state: read.gallery },
  chimeDelete: { input: (o) => ({ id: o.chime }), state: read.chime },
  adminCategoryDelete: { input: (o) => ({ cid: o.category }) },
  commentDelete: { input: (o) => ({ cid: o.comment }), state: read.comments },
  addressDelete: { input: (o) => ({ id: o.address }), state: read.addresses },
  disbandTeam: { input: (o) => ({ team_id: o.team }), state: read.team },
  postDelete: { input: (o) => ({ pid: o.post }), state: read.post },
  // Last of all: B blocking A would change what B may do to A's things.
  blockAct: { input: (_o, p) => ({ uid: p.a.id }) },
};
