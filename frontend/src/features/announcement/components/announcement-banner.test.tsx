import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTestStore, renderWithProviders, requestedUrl, stubFetchJson, stubFetchRoutes } from '@/testing/render';
import { parseAnnouncement } from '../rules';
import { AnnouncementBanner } from './announcement-banner';

const announcement = (fields: Partial<{ content: string; moreLink: string | null; logo: string | null }> = {}) => ({
  announcement: { content: 'The advent calendar is open!', moreLink: '/advent-calendar', logo: '/s/LOGO', ...fields },
});

describe('parseAnnouncement', () => {
  it('reads an announcement, its optional link and logo', () => {
    expect(parseAnnouncement(announcement())).toEqual({
      content: 'The advent calendar is open!',
      moreLink: '/advent-calendar',
      logo: '/s/LOGO',
    });
    expect(parseAnnouncement(announcement({ moreLink: null, logo: '' }))).toEqual({
      content: 'The advent calendar is open!',
      moreLink: null,
      logo: null,
    });
  });

  it('is null for no announcement, an empty content or an unexpected body', () => {
    expect(parseAnnouncement({ announcement: null })).toBeNull();
    expect(parseAnnouncement(announcement({ content: '  ' }))).toBeNull();
    expect(parseAnnouncement(null)).toBeNull();
    expect(parseAnnouncement({ hits: [] })).toBeNull();
  });
});

/** Waits until the store's announcement call has answered (with data or an error). */
async function settled(store: ReturnType<typeof makeTestStore>) {
  await waitFor(() => {
    const queries = Object.values(store.getState().api.queries);
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every((query) => ['fulfilled', 'rejected'].includes(String(query?.status)))).toBe(true);
  });
}

describe('AnnouncementBanner', () => {
  it("shows the content, the 'More info' link and the logo", async () => {
    const fetchMock = stubFetchJson(200, announcement());
    renderWithProviders(<AnnouncementBanner />, { route: '/' });
    const banner = await screen.findByRole('complementary', { name: 'Announcement' });
    expect(banner).toHaveTextContent('The advent calendar is open!');
    expect(screen.getByRole('link', { name: 'More info' })).toHaveAttribute('href', '/advent-calendar');
    expect(banner.querySelector('img')).toHaveAttribute('src', '/s/LOGO');
    expect(new URL(requestedUrl(fetchMock.mock.calls[0]?.[0])).pathname).toBe('/api/announcement');
  });

  it('opens an external link in a new tab, and shows neither link nor logo when there are none', async () => {
    stubFetchJson(200, announcement({ moreLink: 'https://blog.example/news' }));
    const { unmount } = renderWithProviders(<AnnouncementBanner />);
    const link = await screen.findByRole('link', { name: 'More info' });
    expect(link).toHaveAttribute('href', 'https://blog.example/news');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    unmount();

    stubFetchJson(200, announcement({ moreLink: null, logo: null }));
    renderWithProviders(<AnnouncementBanner />);
    const banner = await screen.findByRole('complementary', { name: 'Announcement' });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(banner.querySelector('img')).toBeNull();
  });

  it('is hidden on the page its link points at', async () => {
    stubFetchJson(200, announcement());
    const { store } = renderWithProviders(<AnnouncementBanner />, { route: '/advent-calendar' });
    await settled(store);
    expect(screen.queryByRole('complementary', { name: 'Announcement' })).not.toBeInTheDocument();
  });

  it.each([
    ['the API says null', 200, { announcement: null }],
    ['the call fails', 500, { error: 'down' }],
  ])('renders nothing when %s', async (_case, status, body) => {
    stubFetchRoutes(() => ({ status, body }));
    const { container, store } = renderWithProviders(<AnnouncementBanner />);
    await settled(store);
    expect(container).toBeEmptyDOMElement();
  });

  it('is not on the XCP site, which does not even ask', async () => {
    const fetchMock = stubFetchJson(200, announcement());
    const { container } = renderWithProviders(<AnnouncementBanner />, { site: 'xcp' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container).toBeEmptyDOMElement();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
