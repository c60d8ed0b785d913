// The sitemap module's public face: its descriptor (nothing else uses it).
export { sitemapModule } from './sitemap.module.ts';
