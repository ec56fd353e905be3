import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StampDetailView } from '@/features/stamps/components/stamp-detail';
import { AssetDetail } from '@/features/xcp-assets/components/asset-detail';
import { makeAssetDetail } from '@/features/xcp-assets/fixtures';
import { renderWithProviders, stubFetchRoutes } from '@/testing/render';

const stamp = {
  cpid: 'FROGKING',
  stamp: -1,
  block_index: 962134,
  block_time: 1786852167,
  tx_hash: 'f'.repeat(64),
  creator: 'bc1qcreatorcreatorcreatorcreatorcreator01',
  supply: '1',
  divisible: false,
  locked: true,
  keyburn: true,
  ident: 'STAMP',
  is_cursed: true,
  stamp_mimetype: 'image/png',
  stamp_url: '/s/FROGKING',
  file_size: 291,
  stamp_hash: 'h',
};

describe('AssetDetail of a stamp', () => {
  it("shows a stamp's asset as the stamp page does, with the asset's current figures", async () => {
    stubFetchRoutes(() => ({ body: makeAssetDetail({ cpid: 'FROGKING', supply: '1', locked: true, stamp }) }));
    renderWithProviders(<AssetDetail cpid="FROGKING" renderStamp={(data) => <StampDetailView stamp={data} />} />, {
      site: 'xcp',
      route: '/asset/FROGKING',
    });
    expect(await screen.findByRole('heading', { level: 1, name: /#-1/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Asset #-1 FROGKING' })).toHaveAttribute('src', '/s/FROGKING');
    expect(document.head.querySelector('meta[property="og:image"]')).toHaveAttribute(
      'content',
      `${window.location.origin}/api/assets/FROGKING.png`,
    );
  });

  it("gives a stamp's asset its creator's profile name", async () => {
    stubFetchRoutes(() => ({
      body: makeAssetDetail({ cpid: 'FROGKING', creator: stamp.creator, creator_name: 'frogmaker', stamp }),
    }));
    renderWithProviders(<AssetDetail cpid="FROGKING" renderStamp={(data) => <StampDetailView stamp={data} />} />, {
      site: 'xcp',
      route: '/asset/FROGKING',
    });
    const info = await screen.findByRole('region', { name: 'Information' });
    expect(within(info).getByRole('link', { name: 'frogmaker' })).toHaveAttribute('href', `/profile/${stamp.creator}`);
  });
});
