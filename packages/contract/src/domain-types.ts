// The types the domains declare beside their endpoints, for the browser's barrel
// (client-index.ts exports them type-only; the endpoints come schema-free).

export type {
  AiAvatar,
  AiGenerationInfo,
  AiImageUsage,
  AiJob,
  AiProviderInfo,
  AiVideoUsage,
} from './ai.ts';
export type { BlockedDomain, Bookmark, HotUrl, UrlHistoryEntry } from './bookmarks.ts';
export type {
  ChatMedia,
  ChatMessage,
  ChatPostCard,
  ChatProductCard,
  Conversation,
  TeamInviteCard,
} from './chat.ts';
export type { Chime, UploadedChime } from './chimes.ts';
export type { GeocodeResult } from './geocode.ts';
export type { GeoPost, NearbyPeopleTag, NearbyPerson } from './nearby.ts';
export type { Notification, NotifyActor, NotifyUnread } from './notify.ts';
export type {
  Address,
  AdminShopOrder,
  DeliveryAddress,
  OrderLine,
  RegionProvince,
  ShopOrder,
} from './orders.ts';
export type { Poi } from './places.ts';
export type { FeedQuery } from './posts.ts';
export type { PushKind, PushPayload, PushPreferences, PushSubscriptionInput } from './push.ts';
export type { ReportItem } from './reports.ts';
export type {
  HotWord,
  PostSearchHit,
  ProductSearchHit,
  SearchHistoryEntry,
  UserSearchHit,
} from './search.ts';
export type {
  AdminProduct,
  CartLine,
  CategoryNode,
  Product,
  ProductCard,
  ProductListOthers,
} from './shop.ts';
export type { TeamCard, TeamMember, TeamResponseCounts } from './teams.ts';
export type { UploadedImage, UploadedVideo, UploadToken } from './uploads.ts';
