import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { COMMUNITY } from '@/config/community';
import { renderWithProviders } from '@/testing/render';
import { CommunityRedirectPage } from './community-redirect-page';

function stubAssign() {
  const assign = vi.fn<(url: string) => void>();
  vi.stubGlobal('location', { assign });
  return assign;
}

describe('CommunityRedirectPage', () => {
  it.each(['discord', 'telegram'] as const)('sends the browser to %s, with a fallback link', (community) => {
    const assign = stubAssign();
    const { name, url } = COMMUNITY[community];
    renderWithProviders(<CommunityRedirectPage community={community} />, { route: `/${community}` });

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`Redirecting to ${name}…`);
    expect(screen.getByRole('link', { name: url })).toHaveAttribute('href', url);
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(assign).toHaveBeenCalledWith(url);
    expect(document.title).toBe(name);
  });
});
