import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SearchBox } from './search-box';

function Page() {
  const location = useLocation();
  return (
    <>
      <SearchBox />
      <output data-testid="location">{location.pathname}</output>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', Component: Page }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return screen.getByPlaceholderText('Search for a stamp...');
}

describe('SearchBox', () => {
  it('submits to /search/{text}', async () => {
    const input = renderAt('/');
    fireEvent.change(input, { target: { value: 'pepe' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(await screen.findByText('/search/pepe')).toBeInTheDocument();
  });

  it('starts from the current search and goes back to /search when emptied', async () => {
    const input = renderAt('/search/pepe');
    expect(input).toHaveValue('pepe');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(await screen.findByText('/search')).toBeInTheDocument();
  });

  it('clears the text on Escape', () => {
    const input = renderAt('/');
    fireEvent.change(input, { target: { value: 'pepe' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input).toHaveValue('');
  });
});
