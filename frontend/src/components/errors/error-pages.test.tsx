import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { socialLink } from '@/config/community';
import { NotFoundPage } from './not-found-page';
import { ServerErrorPage } from './server-error-page';

function links() {
  return screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('error pages', () => {
  it("404: the spec text, links home and to the community pages (no social set), titled 'Page not found'", () => {
    render(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^There nothing here\.\.\.$/);
    expect(links()).toEqual([
      ['Back to home', '/'],
      ['Discord', '/discord'],
      ['Telegram', '/telegram'],
    ]);
    expect(document.title).toBe('Page not found');
  });

  it("500: the spec text, links home and to the community pages, titled 'Error'", () => {
    render(<ServerErrorPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      /^Internal server error, try to reload or contact us if the problem persists\.$/,
    );
    expect(links()).toEqual([
      ['Back to home', '/'],
      ['Discord', '/discord'],
      ['Telegram', '/telegram'],
    ]);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(document.title).toBe('Error');
  });

  describe('with a social account configured', () => {
    afterEach(() => {
      vi.unstubAllEnvs();
      vi.resetModules();
    });

    it('both link to it too, beside home, chat and messaging', async () => {
      vi.stubEnv('VITE_SOCIAL_URL', 'https://x.com/example');
      vi.resetModules();
      const { NotFoundPage: NotFound } = await import('./not-found-page');
      const { ServerErrorPage: ServerError } = await import('./server-error-page');
      const expected = [
        ['Back to home', '/'],
        ['Discord', '/discord'],
        ['Telegram', '/telegram'],
        ['X', 'https://x.com/example'],
      ];
      const { unmount } = render(
        <MemoryRouter>
          <NotFound />
        </MemoryRouter>,
      );
      expect(links()).toEqual(expected);
      expect(screen.getByRole('link', { name: 'X' })).toHaveAttribute('rel', 'noopener noreferrer');
      unmount();
      render(<ServerError />);
      expect(links()).toEqual(expected);
    });
  });
});

describe('socialLink', () => {
  it('takes an https URL, names X after its host, and refuses anything else', () => {
    expect(socialLink('https://twitter.com/example')).toEqual({ name: 'X', url: 'https://twitter.com/example' });
    expect(socialLink('https://www.x.com/example')).toEqual({ name: 'X', url: 'https://www.x.com/example' });
    expect(socialLink('https://mastodon.social/@example')).toEqual({
      name: 'mastodon.social',
      url: 'https://mastodon.social/@example',
    });
    expect(socialLink(undefined)).toBeNull();
    expect(socialLink('')).toBeNull();
    expect(socialLink('javascript:alert(1)')).toBeNull();
    expect(socialLink('http://x.com/example')).toBeNull();
    expect(socialLink('not a url')).toBeNull();
  });
});
