import { describe, expect, it } from 'vitest';
import { availableNavigation } from './navigation';

describe('Collections in the navigation', () => {
  it('links Collections on both sites, in its spec place after the Finder; Directories waits for its API', () => {
    for (const site of ['stamps', 'xcp'] as const) {
      const labels = availableNavigation(site).map((entry) => entry.label);
      expect(availableNavigation(site)).toContainEqual({ label: 'Collections', href: '/collections' });
      expect(labels.indexOf('Collections')).toBe(labels.indexOf('Finder') + 1);
      expect(labels).not.toContain('Directories');
    }
  });
});
