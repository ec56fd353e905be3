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

/** An external link the site shows: its name and https URL. */
export type ExternalLink = { name: string; url: string };

/**
 * The social account link from its build-time setting: an https URL, named X for x.com and twitter.com and after
 * its host otherwise; `null` (no link shown) when unset or not an https URL.
 */
export function socialLink(setting: string | undefined): ExternalLink | null {
  if (!setting) return null;
  let url: URL;
  try {
    url = new URL(setting);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const host = url.hostname.replace(/^www\./, '');
  return { name: host === 'x.com' || host === 'twitter.com' ? 'X' : host, url: url.href };
}

/**
 * The community's social account, set at build time (`VITE_SOCIAL_URL`) like the community links; without it the
 * footer and the error pages show no social link (there is no built-in default).
 */
export const SOCIAL = socialLink(import.meta.env.VITE_SOCIAL_URL);
