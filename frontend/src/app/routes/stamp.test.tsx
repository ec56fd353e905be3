import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeCollection } from '@/features/collections/fixtures';
import { renderWithProviders, stubFetchRoutes } from '@/testing/render';
import { Component as StampRoute } from './stamp';

const stamp = {
  cpid: 'A1',
  stamp: 7,
  block_index: 1,
  block_time: 1680000600,
  tx_hash: 'f'.repeat(64),
  creator: 'bc1qcreatorcreatorcreatorcreatorcreatorcre',
  creator_name: 'alice',
  supply: '1',
  divisible: false,
  locked: true,
  keyburn: false,
  ident: 'STAMP',
  is_cursed: false,
  stamp_mimetype: 'image/png',
  stamp_url: '/s/A1',
  file_size: 10,
  stamp_hash: 'h',
  collection_id: ['pepes'],
};

describe('stamp page', () => {
  it(
    "shows the stamp's collections as cards, from " +
      "/api/collections?ids=, and titles the page with the creator's name",
    async () => {
      stubFetchRoutes((url) => {
        if (url.pathname === '/api/stamp/A1') return { body: stamp };
        if (url.pathname === '/api/collections' && url.searchParams.get('ids') === 'pepes') {
          return {
            body: {
              hits: [makeCollection({ collection_id: 'pepes', name: 'Pepe Rares' })],
              estimatedTotalHits: 1,
              offset: 0,
              limit: 1,
            },
          };
        }
        return { status: 404, body: { error: 'nope' } };
      });
      renderWithProviders(
        <Routes>
          <Route path="/stamp/:cpid" element={<StampRoute />} />
        </Routes>,
        { route: '/stamp/A1' },
      );
      const block = await screen.findByRole('region', { name: 'From Collection' });
      const cards = await within(block).findByRole('list', { name: 'From Collection' });
      expect(within(cards).getByRole('link')).toHaveAttribute('href', '/collection/pepes');
      expect(cards).toHaveTextContent('Pepe Rares');
      await waitFor(() => {
        expect(document.title).toBe('Stamp: A1 - alice');
      });
    },
  );
});
