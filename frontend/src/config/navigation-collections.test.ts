import { describe, expect, it } from 'vitest';
import { availableNavigation } from './navigation';

describe('Collections in the navigation', () => {
  it('links Collections on both sites, in its spec place after the Finder', () => {
    for (const site of ['stamps', 'xcp'] as const) {
      const labels = availableNavigation(site).map((entry) => entry.label);
      expect(availableNavigation(site)).toContainEqual({ label: 'Collections', href: '/collections' });
      expect(labels.indexOf('Collections')).toBe(labels.indexOf('Finder') + 1);
    }
  });

  it('links Directories on the XCP site only, right after Collections', () => {
    const xcp = availableNavigation('xcp').map((entry) => entry.label);
    expect(availableNavigation('xcp')).toContainEqual({ label: 'Directories', href: '/directories' });
    expect(xcp.indexOf('Directories')).toBe(xcp.indexOf('Collections') + 1);
    expect(availableNavigation('stamps').map((entry) => entry.label)).not.toContain('Directories');
  });
});
