import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NotFoundPage } from './not-found-page';
import { ServerErrorPage } from './server-error-page';

function links() {
  return screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('error pages', () => {
  it("404: the spec text, links home and to the community pages, titled 'Page not found'", () => {
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
});
