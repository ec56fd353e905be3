import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { ServerErrorPage } from '@/components/errors/server-error-page';
import { paths } from '@/config/paths';
import { mintTabRoutes } from './mint-tabs';
import { RootFallback, RootLayout } from './root-layout';

/**
 * The routes. Every page is lazy-loaded and has its own error boundary (each route module exports
 * `Component` and `ErrorBoundary`); the pathless route catches failures to load a page's code
 * inside the shell, the root one catches failures of the shell itself.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: RootFallback,
    ErrorBoundary: ServerErrorPage,
    children: [
      {
        ErrorBoundary: RouteErrorBoundary,
        children: [
          { index: true, lazy: () => import('./routes/home') },
          { path: paths.search.path, lazy: () => import('./routes/search') },
          { path: paths.searchQuery.path, lazy: () => import('./routes/search') },
          { path: paths.stamp.path, lazy: () => import('./routes/stamp') },
          { path: paths.asset.path, lazy: () => import('./routes/asset') },
          { path: paths.src20.path, loader: () => redirect(paths.src20Search.getHref()) },
          { path: paths.src20Search.path, lazy: () => import('./routes/src20-search') },
          { path: paths.src20SearchQuery.path, lazy: () => import('./routes/src20-search') },
          { path: paths.src20Tick.path, lazy: () => import('./routes/src20-tick') },
          { path: paths.discord.path, lazy: () => import('./routes/discord') },
          { path: paths.telegram.path, lazy: () => import('./routes/telegram') },
          { path: paths.leaderboard.path, lazy: () => import('./routes/leaderboard') },
          { path: paths.profile.path, lazy: () => import('./routes/profile') },
          { path: paths.collections.path, lazy: () => import('./routes/collections') },
          { path: paths.collectionsQuery.path, lazy: () => import('./routes/collections') },
          { path: paths.directories.path, lazy: () => import('./routes/directories') },
          { path: paths.directoriesQuery.path, lazy: () => import('./routes/directories') },
          {
            path: paths.collection.path,
            lazy: () => import('./routes/collection'),
            children: [
              { index: true, lazy: () => import('./routes/collection-stamps') },
              { path: paths.collectionCollectors.path, lazy: () => import('./routes/collection-collectors') },
              { path: paths.collectionBurned.path, lazy: () => import('./routes/collection-burned') },
            ],
          },
          { path: paths.fairmint.path, lazy: () => import('./routes/fairmint') },
          { path: paths.fairmintQuery.path, lazy: () => import('./routes/fairmint') },
          { path: paths.feat.path, lazy: () => import('./routes/feat') },
          { path: paths.faq.path, lazy: () => import('./routes/faq') },
          { path: paths.mint.path, lazy: () => import('./routes/mint'), children: mintTabRoutes() },
          { path: paths.adventCalendar.path, lazy: () => import('./routes/advent-calendar') },
          { path: paths.kpi.path, lazy: () => import('./routes/kpi') },
          { path: paths.notFound.path, lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
];

/** The app's router. */
export const router = createBrowserRouter(routes);
