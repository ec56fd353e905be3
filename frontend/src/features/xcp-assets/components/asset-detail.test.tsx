import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, requestedUrl, stubFetchJson, stubFetchRoutes } from '@/testing/render';
import { makeAssetDetail } from '../fixtures';
import { AssetDetail } from './asset-detail';

describe('AssetDetail', () => {
  it(
    'shows an asset that is no stamp from /api/asset/{cpid}: ' + 'its name instead of an image, its figures and blocks',
    async () => {
      const fetchMock = stubFetchJson(
        200,
        makeAssetDetail({
          xcp_json_url: 'https://info.example/DANKROCK.json',
          description: 'https://info.example/DANKROCK.json',
          holders: [
            {
              address: 'bc1qholderholderholderholderholderhold01',
              utxo_address: null,
              quantity: '49839',
              percentage: '100.00',
            },
          ],
        }),
      );
      renderWithProviders(<AssetDetail cpid="DANKROCK" />, { site: 'xcp', route: '/asset/DANKROCK' });
      expect(await screen.findByRole('heading', { level: 1, name: 'DANKROCK' })).toBeInTheDocument();
      expect(new URL(requestedUrl(fetchMock.mock.calls[0]?.[0])).pathname).toBe('/api/asset/DANKROCK');
      expect(screen.queryByRole('img')).not.toBeInTheDocument();
      expect(screen.getByText('XCP')).toBeInTheDocument();
      const info = screen.getByRole('region', { name: 'Information' });
      expect(info).toHaveTextContent('49,839');
      expect(info).toHaveTextContent('Block 962,456');
      expect(within(info).getByRole('link', { name: 'Enhanced asset information' })).toHaveAttribute(
        'href',
        'https://info.example/DANKROCK.json',
      );
      expect(within(info).getByRole('link', { name: 'bc1qo...ner01' })).toHaveAttribute(
        'href',
        '/profile/bc1qownerownerownerownerownerownerowner01',
      );
      expect(within(screen.getByRole('region', { name: 'Holders' })).getByText('100%')).toBeInTheDocument();
      expect(screen.getByText('No sales yet')).toBeInTheDocument();
      expect(screen.getByText('Currently no dispensers')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
      // No share image for an asset without a picture.
      expect(document.head.querySelector('meta[property="og:image"]')).toBeNull();
    },
  );

  it('shows the picture of its enhanced asset information where a stamp has its image', async () => {
    stubFetchRoutes(() => ({
      body: makeAssetDetail({
        asset_longname: 'DANKROCK.gem',
        xcp_json_url: 'https://info.example/DANKROCK.json',
        xcp_image_url: '/api/asset/DANKROCK/image',
      }),
    }));
    renderWithProviders(<AssetDetail cpid="DANKROCK" />, { site: 'xcp', route: '/asset/DANKROCK' });
    const picture = await screen.findByRole('img', { name: 'Asset DANKROCK.gem' });
    expect(picture.tagName).toBe('IMG');
    expect(picture).toHaveAttribute('src', '/api/asset/DANKROCK/image');
    expect(picture).toHaveAttribute('loading', 'eager');
    expect(picture).toHaveClass('stamp-image');
    expect(picture.closest('.stamp-detail__media')).not.toBeNull();
    expect(screen.queryByText('XCP')).not.toBeInTheDocument();
  });

  it('shows its name instead when the picture fails to load', async () => {
    stubFetchRoutes(() => ({ body: makeAssetDetail({ xcp_image_url: '/api/asset/DANKROCK/image' }) }));
    renderWithProviders(<AssetDetail cpid="DANKROCK" />, { site: 'xcp', route: '/asset/DANKROCK' });
    fireEvent.error(await screen.findByRole('img', { name: 'Asset DANKROCK' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    const media = document.querySelector('.stamp-detail__media');
    expect(media).toHaveTextContent('XCP');
    expect(media).toHaveTextContent('DANKROCK');
    expect(screen.getByRole('heading', { level: 1, name: 'DANKROCK' })).toBeInTheDocument();
  });

  it('names its creator (profile name, else the address shortened) and the date of its first issuance', async () => {
    stubFetchRoutes(() => ({
      body: makeAssetDetail({
        creator: 'bc1qcreatorcreatorcreatorcreatorcreator01',
        creator_name: 'alice',
        block_time: 1786852167,
      }),
    }));
    renderWithProviders(<AssetDetail cpid="DANKROCK" />, { site: 'xcp', route: '/asset/DANKROCK' });
    const info = await screen.findByRole('region', { name: 'Information' });
    expect(within(info).getByRole('link', { name: 'alice' })).toHaveAttribute(
      'href',
      '/profile/bc1qcreatorcreatorcreatorcreatorcreator01',
    );
    expect(info).toHaveTextContent('First issuedBlock 962,456 (2026-08-16 03:49 UTC)');
  });

  it("says the API's 'Asset not found' for an unknown asset", async () => {
    stubFetchJson(404, { error: 'Asset not found' });
    renderWithProviders(<AssetDetail cpid="NOPE" />, { site: 'xcp' });
    expect(await screen.findByText('Asset not found')).toBeInTheDocument();
  });

  it("opens the fairmint of the asset from its fairminter's Mint, only while it is open", async () => {
    const fairminter = {
      tx_hash: 'fm',
      source: 'bc1qownerownerownerownerownerownerowner01',
      status: 'open',
      price: '50000000',
      quantity_by_price: '10',
      hard_cap: '1000',
      premint_quantity: '100',
      max_mint_per_tx: '50',
      start_block: 0,
      end_block: 0,
      soft_cap: '0',
      earned_quantity: '300',
      minted_count: 30,
      minters_count: 12,
    };
    stubFetchRoutes((url) =>
      url.pathname === '/api/asset/DANKROCK'
        ? { body: makeAssetDetail({ fairminter }) }
        : { status: 404, body: { error: 'not found' } },
    );
    const { store } = renderWithProviders(<AssetDetail cpid="DANKROCK" />, {
      site: 'xcp',
      route: '/asset/DANKROCK',
      logged: 'unisat',
    });
    expect(await screen.findByRole('region', { name: 'Fairminter' })).toHaveTextContent('0.5 XCP per 10');
    // The page settles (the signed-in user's data arrives) before the click.
    await waitFor(() => {
      fireEvent.click(within(screen.getByRole('region', { name: 'Fairminter' })).getByRole('button', { name: 'Mint' }));
      expect(store.getState().mint.request).not.toBeNull();
    });
    expect(store.getState().mint).toEqual({
      request: {
        action: 'fairmint',
        fairminter: {
          cpid: 'DANKROCK',
          asset_longname: null,
          divisible: false,
          status: 'open',
          price: '50000000',
          quantity_by_price: '10',
          hard_cap: '1000',
          max_mint_per_tx: '50',
          premint_quantity: '100',
          earned_quantity: '300',
        },
      },
      pending: false,
    });
  });

  it("disables the fairminter's Mint once it is not open", async () => {
    stubFetchJson(
      200,
      makeAssetDetail({
        fairminter: {
          tx_hash: 'fm',
          source: 'bc1qownerownerownerownerownerownerowner01',
          status: 'closed',
          price: '0',
          quantity_by_price: '1',
          hard_cap: '0',
          premint_quantity: '0',
          max_mint_per_tx: '0',
          start_block: 0,
          end_block: 0,
          soft_cap: '0',
          earned_quantity: '0',
          minted_count: 0,
          minters_count: 0,
        },
      }),
    );
    renderWithProviders(<AssetDetail cpid="DANKROCK" />, { site: 'xcp', route: '/asset/DANKROCK' });
    const block = await screen.findByRole('region', { name: 'Fairminter' });
    expect(within(block).getByRole('button', { name: 'Mint' })).toBeDisabled();
  });
});
