import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';

/** A tab's route module: its page and its error boundary. */
export type MintTabModule = { Component: ComponentType; ErrorBoundary?: ComponentType };

/** A tab of the mint page (/mint): its label, its path and the route module of its tool. */
export type MintTab = {
  label: string;
  path: { path: string; getHref: () => string };
  /** The tab at the page's base path (the others are child paths). */
  index?: true;
  /**
   * The route module of the tab's tool. A tab without one (its tool is not built yet) is neither shown nor routed,
   * as a tab that cannot work must not exist; its path then shows the 404 page.
   */
  module?: () => Promise<MintTabModule>;
};

/** The mint page's tabs, in the spec's order; a tool's tab comes with the route module its line gives. */
export const MINT_TABS: readonly MintTab[] = [
  { label: 'Launchpads', path: paths.mint, index: true, module: () => import('./routes/mint-launchpads') },
  { label: 'Bit Melody', path: paths.mintBitMelody, module: () => import('./routes/mint-bit-melody') },
  { label: 'Stamp Mixer', path: paths.mintStampMixer, module: () => import('./routes/mint-stamp-mixer') },
  { label: 'Src721 Builder', path: paths.mintSrc721Builder, module: () => import('./routes/mint-src721-builder') },
];

/** A tab whose tool exists. */
export type AvailableMintTab = MintTab & { module: NonNullable<MintTab['module']> };

/** The tabs the mint page shows: those whose tool exists, in order. */
export function availableMintTabs(tabs: readonly MintTab[] = MINT_TABS): AvailableMintTab[] {
  return tabs.flatMap((tab) => (tab.module ? [{ ...tab, module: tab.module }] : []));
}

/** The mint page's child routes: one per tab shown, lazily loaded. */
export function mintTabRoutes(tabs: readonly MintTab[] = MINT_TABS): RouteObject[] {
  return availableMintTabs(tabs).map((tab) =>
    tab.index ? { index: true, lazy: tab.module } : { path: tab.path.path, lazy: tab.module },
  );
}
