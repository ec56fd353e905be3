import type { Announcement } from './types';

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * Reads `GET /api/announcement` (`{"announcement": null | {...}}`) defensively: no announcement, a missing body or an
 * announcement without content is null; an empty link or logo is none.
 */
export function parseAnnouncement(raw: unknown): Announcement | null {
  if (typeof raw !== 'object' || raw === null || !('announcement' in raw)) return null;
  const value: unknown = raw.announcement;
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const content = optionalText(record.content);
  if (content === null) return null;
  return { content, moreLink: optionalText(record.moreLink), logo: optionalText(record.logo) };
}
