import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import type { AssetHit } from '../asset-types';
import { makeAssetHit } from '../fixtures';
import { AssetGrid } from './asset-card';

function renderGrid(assets: AssetHit[], eager = 0) {
  renderWithProviders(<AssetGrid assets={assets} label="Assets" eager={eager} />, { site: 'xcp', route: '/search' });
  const cards = within(screen.getByRole('list', { name: 'Assets' })).getAllByRole('listitem');
  return cards.map((card) => within(card));
}

const pictured = makeAssetHit({
  cpid: 'PEPEGEM',
  asset_longname: 'PEPEGEM.blue',
  description: 'https://info.example/PEPEGEM.json',
  xcp_json_url: 'https://info.example/PEPEGEM.json',
  xcp_image_url: '/api/asset/PEPEGEM/image',
});

describe('AssetCard', () => {
  it('shows the picture of an asset with enhanced asset information, as a stamp image loaded lazily', () => {
    const [card] = renderGrid([pictured]);
    const picture = card?.getByRole('img', { name: 'Asset PEPEGEM.blue' });
    expect(picture?.tagName).toBe('IMG');
    expect(picture).toHaveAttribute('src', '/api/asset/PEPEGEM/image');
    expect(picture).toHaveAttribute('loading', 'lazy');
    expect(picture).toHaveClass('stamp-image');
    // The picture replaces the name tile.
    expect(card?.queryByText('XCP')).not.toBeInTheDocument();
  });

  it('loads the pictures of the leading cards at once', () => {
    const [first, second] = renderGrid(
      [
        pictured,
        makeAssetHit({
          ...pictured,
          cpid: 'PEPEGEMS',
          asset_longname: null,
          xcp_image_url: '/api/asset/PEPEGEMS/image',
        }),
      ],
      1,
    );
    expect(first?.getByRole('img')).toHaveAttribute('loading', 'eager');
    expect(second?.getByRole('img', { name: 'Asset PEPEGEMS' })).toHaveAttribute('loading', 'lazy');
  });

  it('shows the name tile instead when the picture fails to load', () => {
    const [card] = renderGrid([pictured]);
    fireEvent.error(card?.getByRole('img', { name: 'Asset PEPEGEM.blue' }) as HTMLElement);
    expect(card?.queryByRole('img')).not.toBeInTheDocument();
    expect(card?.getByText('XCP')).toBeInTheDocument();
    expect(card?.getAllByText('PEPEGEM.blue')).toHaveLength(2);
  });

  it('shows the name tile, and no picture, for an asset without one', () => {
    const [card] = renderGrid([makeAssetHit()]);
    expect(card?.queryByRole('img')).not.toBeInTheDocument();
    expect(card?.getByText('XCP')).toBeInTheDocument();
  });

  it("shows a stamp's own image, never a picture of its asset information", () => {
    const [card] = renderGrid([
      makeAssetHit({ cpid: 'A111', stamp: 7, stamp_url: '/s/A111', xcp_image_url: '/api/asset/A111/image' }),
    ]);
    expect(card?.getByRole('img')).toHaveAttribute('src', '/s/A111');
  });
});
