import type { ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { LoginModalProvider } from './features/auth/index.ts';
import { loadViewer } from './features/auth/load-viewer.server.ts';
import { ColorModeProvider, colorModeScript, useForcedColorMode } from './features/color-mode/index.ts';
import { ERROR_MESSAGES, GeneralErrorBoundary } from './features/errors/index.ts';
import { AppLayout, useRouteLayout } from './features/layout/index.ts';
import { PlatformEffects, SITE_MESSAGES } from './features/platform/index.ts';
import { useNonce } from './lib/nonce.tsx';
import { type RootData, useRootData } from './lib/root-data.ts';
import { isCrawlerUserAgent, isPhoneUserAgent } from './lib/user-agent.ts';
import { readViewportHint } from './lib/viewport-hint.ts';
import { paletteVariables, UI_COLORS } from './ui/theme.ts';
import { ToastProvider } from './ui/toast.tsx';

export const links: Route.LinksFunction = () => [
  // A stylesheet with a precedence is a resource React sends at the top of <head>, ahead
  // of the pages' many modulepreload links: first paint waits for it alone.
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

export const meta: Route.MetaFunction = ({ error }) => {
  if (error) return [{ title: ERROR_MESSAGES.errorDocumentTitle }];
  return [{ title: SITE_MESSAGES.title }, { name: 'description', content: SITE_MESSAGES.description }];
};

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const userAgent = request.headers.get('user-agent') ?? '';
  return {
    publicConfig: context.publicConfig,
    isPhone: isPhoneUserAgent(userAgent),
    isCrawler: isCrawlerUserAgent(userAgent),
    viewportHint: readViewportHint(request.headers.get('cookie')),
    viewer: await loadViewer(context, request.headers.get('cookie')),
  };
}

/**
 * The root data changes only with the login: skip refetching it on ordinary navigation,
 * but follow an explicit revalidation (after a login or logout the page calls
 * useRevalidator, which keeps the address) and form submissions.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod }) =>
  Boolean(formMethod) || currentUrl.href === nextUrl.href;

/** Palette variables are computed once: a misconfigured colour warns once, not per render. */
const PALETTE_STYLE = paletteVariables(UI_COLORS);

export function Layout({ children }: { children: ReactNode }) {
  const root = useRootData();
  const nonce = useNonce();
  const forced = useForcedColorMode();
  const analytics = root?.publicConfig.analytics ?? null;

  return (
    // The `dark` class is added by the inline script and the colour-mode provider, outside React.
    <html lang="zh-CN" style={PALETTE_STYLE} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" media="(prefers-color-scheme: light)" content="#ffffff" />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#030712" />
        <meta name="apple-mobile-web-app-title" content={SITE_MESSAGES.shortName} />
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script; it must run before paint
          dangerouslySetInnerHTML={{ __html: colorModeScript(forced) }}
        />
        <Meta />
        <Links />
        {analytics ? (
          <script
            async
            src={analytics.scriptUrl}
            data-website-id={analytics.websiteId}
            // Page views are reported by usePageViews, with the full path, after each route change.
            data-auto-track="false"
            nonce={nonce}
            suppressHydrationWarning
          />
        ) : null}
      </head>
      <body>
        <ColorModeProvider forced={forced}>
          <ToastProvider>
            <LoginModalProvider>{children}</LoginModalProvider>
          </ToastProvider>
        </ColorModeProvider>
        <PlatformEffects
          analytics={analytics}
          buildId={root?.publicConfig.buildId}
          viewerId={root?.viewer?.uid ?? null}
        />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const layout = useRouteLayout();
  return (
    <AppLayout name={layout}>
      <Outlet />
    </AppLayout>
  );
}

export function ErrorBoundary() {
  return (
    <AppLayout name="default">
      <GeneralErrorBoundary />
    </AppLayout>
  );
}
