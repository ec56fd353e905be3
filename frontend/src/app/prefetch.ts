import { prefetchAnnouncement } from '@/features/announcement/api';
import type { AppStore } from './store';

/**
 * Starts the shell's own calls before the first page's code has loaded: the announcement (Stamps site only), which
 * otherwise would be asked only once the router has rendered the shell.
 */
export function prefetchShellData(store: AppStore): void {
  if (store.getState().site.variant === 'stamps') store.dispatch(prefetchAnnouncement());
}
