import { paths } from './paths';

/**
 * The community links: the Discord server and Telegram group of the Bitcoin Stamps community, or the ones a
 * deployment sets at build time (`VITE_DISCORD_URL`, `VITE_TELEGRAM_URL`). The /discord and /telegram pages send
 * the browser there; the footer and the error pages link to those pages, never to these URLs directly.
 */
export const COMMUNITY = {
  discord: {
    name: 'Discord',
    url: import.meta.env.VITE_DISCORD_URL ?? 'https://discord.gg/stampchain',
    path: paths.discord.getHref(),
  },
  telegram: {
    name: 'Telegram',
    url: import.meta.env.VITE_TELEGRAM_URL ?? 'https://t.me/stampchain',
    path: paths.telegram.getHref(),
  },
} as const;

/** A community with a redirect page. */
export type Community = keyof typeof COMMUNITY;

/** The communities in the order the site lists them. */
export const COMMUNITIES: readonly Community[] = ['discord', 'telegram'];
