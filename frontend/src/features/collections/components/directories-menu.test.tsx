import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetchRoutes } from '@/testing/render';
import { DirectoriesMenu } from './directories-menu';

function renderMenu(projects: unknown) {
  const fetchMock = stubFetchRoutes((url) =>
    url.pathname === '/api/xcp/projects' ? { body: { projects } } : { status: 404, body: {} },
  );
  renderWithProviders(
    <>
      <DirectoriesMenu label="Directories" href="/directories" stampsWord="Assets" />
      <button type="button">elsewhere</button>
    </>,
    { site: 'xcp' },
  );
  return fetchMock;
}

describe('DirectoriesMenu', () => {
  it('opens the staff directories of /api/xcp/projects, largest first, each to its page with its count', async () => {
    renderMenu([
      { collection_id: 'pixel-art', name: 'Pixel art', count: 1200 },
      { collection_id: 'memes', name: '', count: 3 },
      { name: 'no id' },
    ]);
    expect(screen.getByRole('link', { name: 'Directories' })).toHaveAttribute('href', '/directories');
    const toggle = await screen.findByRole('button', { name: 'Directories menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Directories' })).not.toBeInTheDocument();

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const links = within(screen.getByRole('list', { name: 'Directories' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Pixel art1,200 assets', '/collection/pixel-art'],
      ['memes3 assets', '/collection/memes'],
    ]);

    // Escape closes it and gives the focus back to its button; so does a click elsewhere.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    fireEvent.click(toggle);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'elsewhere' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('is a plain link when there are no directories', async () => {
    const fetchMock = renderMenu([]);
    await vi.waitFor(() => {
      expect(fetchMock).toHaveBeenCalled();
    });
    expect(screen.getByRole('link', { name: 'Directories' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Directories menu' })).not.toBeInTheDocument();
  });
});
