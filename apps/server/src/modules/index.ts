// The one list of server modules. The app registers their endpoints and routes and
// subscribes their events from it; drizzle.config.ts migrates every `*.tables.ts` under
// this folder. A module appears here once; see docs/adding-a-module.md.
import type { ModuleDescriptor } from '../platform/module.ts';
import { accountsModule } from './accounts/index.ts';
import { aiModule } from './ai/index.ts';
import { authModule } from './auth/index.ts';
import { bookmarksModule } from './bookmarks/index.ts';
import { chatModule } from './chat/index.ts';
import { chimesModule } from './chimes/index.ts';
import { commentsModule } from './comments/index.ts';
import { draftsModule } from './drafts/index.ts';
import { geocodeModule } from './geocode/index.ts';
import { iconsModule } from './icons/index.ts';
import { invitesModule } from './invites/index.ts';
import { likesModule } from './likes/index.ts';
import { moderationModule } from './moderation/index.ts';
import { nearbyModule } from './nearby/index.ts';
import { notifyModule } from './notify/index.ts';
import { ordersModule } from './orders/index.ts';
import { paymentsModule } from './payments/index.ts';
import { placesModule } from './places/index.ts';
import { pointsModule } from './points/index.ts';
import { postsModule } from './posts/index.ts';
import { pushModule } from './push/index.ts';
import { relationsModule } from './relations/index.ts';
import { reportsModule } from './reports/index.ts';
import { scanLoginModule } from './scan-login/index.ts';
import { searchModule } from './search/index.ts';
import { shopModule } from './shop/index.ts';
import { sitemapModule } from './sitemap/index.ts';
import { teamsModule } from './teams/index.ts';
import { uploadsModule } from './uploads/index.ts';
import { usersModule } from './users/index.ts';
import { vipModule } from './vip/index.ts';

export const modules: readonly ModuleDescriptor[] = [
  // `auth` first: its routes recognise the viewer of every request.
  authModule,
  accountsModule,
  moderationModule,
  uploadsModule,
  relationsModule,
  pointsModule,
  postsModule,
  commentsModule,
  likesModule,
  draftsModule,
  invitesModule,
  usersModule,
  scanLoginModule,
  reportsModule,
  shopModule,
  searchModule,
  sitemapModule,
  placesModule,
  geocodeModule,
  // Notifications first: chat marks them read (mark-as-read serves both).
  notifyModule,
  chatModule,
  teamsModule,
  nearbyModule,
  paymentsModule,
  vipModule,
  ordersModule,
  aiModule,
  chimesModule,
  bookmarksModule,
  iconsModule,
  pushModule,
];
