import { isValidName } from '@/utils/name-rules';
import { MESSAGES } from './messages';
/** X handles: 2 to 20 letters, digits and underscores. */
const TWITTER_PATTERN = /^[A-Za-z0-9_]{2,20}$/;

/** The spec's message for a displayed name that breaks the rule, or null when it is fine. */
export function usernameProblem(name: string): string | null {
  return isValidName(name) ? null : MESSAGES.nameRule;
}

/** An X handle as typed, without its leading @ (spec). */
export function normalizeTwitter(handle: string): string {
  return handle.trim().replace(/^@+/, '');
}

/** The spec's message for an X handle (leading @ already stripped) that breaks the rule, or null. */
export function twitterProblem(handle: string): string | null {
  return TWITTER_PATTERN.test(handle) ? null : MESSAGES.twitterRule;
}

/** An address shortened for a list: 5 characters at both ends (spec). */
export function shortAddress(address: string): string {
  return address.length > 13 ? `${address.slice(0, 5)}...${address.slice(-5)}` : address;
}
