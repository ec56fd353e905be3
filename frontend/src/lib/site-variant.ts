import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation } from 'react-router';
import { parseSiteVariant, siteFromSearch, SITES, type SiteConfig, type SiteVariant } from '@/config/site';

/** The site variant in the Redux UI state. */
export type SiteState = { variant: SiteVariant };

/** Where the session remembers a `?site=` override, so that a reload without the parameter keeps it. */
export const SITE_STORAGE_KEY = 'stamps.site';

const initialState: SiteState = { variant: 'stamps' };

/** The site variant slice. */
export const siteSlice = createSlice({
  name: 'site',
  initialState,
  reducers: {
    /** A `?site=` override was found in the URL. */
    siteParamRead(state, action: PayloadAction<SiteVariant>) {
      state.variant = action.payload;
    },
  },
});

export const { siteParamRead } = siteSlice.actions;

/** The session's storage, or null where the browser refuses it (storage disabled). */
export function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The variant a page load starts with: the URL's `?site=` override, else the one this session chose earlier,
 * else the Stamps site. Read when the store is created, so the first paint is already the right variant.
 */
export function initialSiteVariant(search: string, storage: Pick<Storage, 'getItem'> | null): SiteVariant {
  return siteFromSearch(search) ?? parseSiteVariant(storage?.getItem(SITE_STORAGE_KEY) ?? null) ?? 'stamps';
}

/** The current variant's configuration (brand, wording, stamp paths). */
export function useSite(): SiteConfig {
  const variant = useSelector((state: { site: SiteState }) => state.site.variant);
  return SITES[variant];
}

/**
 * Applies a `?site=` override whenever the URL carries one, and remembers it for the session.
 * Mounted once, in the shell.
 */
export function useSiteParam(): void {
  const { search } = useLocation();
  const dispatch = useDispatch();
  useEffect(() => {
    const variant = siteFromSearch(search);
    if (!variant) return;
    dispatch(siteParamRead(variant));
    try {
      sessionStore()?.setItem(SITE_STORAGE_KEY, variant);
    } catch {
      // A full or refused storage: the override still holds until the page is reloaded.
    }
  }, [search, dispatch]);
}
