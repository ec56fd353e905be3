import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, requestedUrl, stubFetchRoutes } from '@/testing/render';
import type { StampDetailData } from '@/lib/stamp-detail';
import type { Src721Data } from '@/features/src721/types';
import type { StampHit } from '@/lib/stamp';
import { Src721BlockOf } from '@/features/src721/components/src721-block';
import { StampDetail } from '@/features/stamps/components/stamp-detail';

const MINT = 'A1111111111111111111';
const DEPLOY = 'A2222222222222222222';

const base: StampDetailData = {
  cpid: MINT,
  stamp: 5001,
  block_index: 800000,
  block_time: 1690000000,
  tx_hash: 'a'.repeat(64),
  creator: 'bc1qcreator000000000000000000000000creat1',
  supply: '1',
  divisible: false,
  locked: true,
  keyburn: false,
  ident: 'SRC-721',
  is_cursed: false,
  stamp_mimetype: 'application/json',
  stamp_url: `/s/${MINT}`,
  file_size: 120,
  stamp_hash: 'h',
};

function hit(cpid: string, stamp: number): StampHit {
  return {
    cpid,
    stamp,
    stamp_url: `/s/${cpid}`,
    stamp_mimetype: 'application/json',
    ident: 'SRC-721',
    creator: base.creator,
    block_index: 800000,
    supply: '1',
    is_cursed: false,
  };
}

const mint: Src721Data = {
  cpid: MINT,
  op: 'mint',
  collection_id: DEPLOY,
  name: 'Punks',
  layers: [[{ cpid: 'A301', url: '/s/A301' }], [{ cpid: 'A402', url: '/s/A402' }]],
  mints: { hits: [], estimatedTotalHits: 0, offset: 0, limit: 20 },
  parent: hit(DEPLOY, 4000),
};

const deploy: Src721Data = {
  cpid: DEPLOY,
  op: 'deploy',
  collection_id: DEPLOY,
  name: 'Punks',
  layers: [
    [
      { cpid: 'A301', url: '/s/A301' },
      { cpid: 'A302', url: '/s/A302' },
    ],
    [{ cpid: 'A402', url: '/s/A402' }],
  ],
  mints: { hits: [hit(MINT, 5001), hit('A3333333333333333333', 5002)], estimatedTotalHits: 57, offset: 0, limit: 20 },
  parent: null,
};

function stub(detail: StampDetailData, src721: { status?: number; body: unknown }) {
  return stubFetchRoutes((url) => (url.pathname.startsWith('/api/stamp/src721/') ? src721 : { body: detail }));
}

describe('StampDetail SRC-721 block', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows a mint's layers, linked to the layer stamps, and its parent collection and deploy", async () => {
    const fetchMock = stub(base, { body: mint });
    renderWithProviders(<StampDetail cpid={MINT} renderExtraBlocks={(stamp) => <Src721BlockOf stamp={stamp} />} />);

    const block = await screen.findByRole('region', { name: 'SRC-721' });
    const layers = await within(block).findByRole('list', { name: 'Layers' });
    const images = within(layers).getAllByRole('img');
    expect(images).toHaveLength(2);
    expect(images[0]).toHaveAttribute('src', '/s/A301');
    expect(within(layers).getByRole('link', { name: 'Layer 1: A301' })).toHaveAttribute('href', '/stamp/A301');
    expect(within(layers).getByRole('link', { name: 'Layer 2: A402' })).toHaveAttribute('href', '/stamp/A402');

    expect(within(block).getByRole('link', { name: 'SRC-721 Punks' })).toHaveAttribute('href', `/collection/${DEPLOY}`);
    expect(within(block).getByRole('link', { name: `Stamp #4000 ${DEPLOY}` })).toHaveAttribute(
      'href',
      `/stamp/${DEPLOY}`,
    );
    expect(fetchMock.mock.calls.some(([input]) => requestedUrl(input).endsWith(`/api/stamp/src721/${MINT}`))).toBe(
      true,
    );
  });

  it("shows a deploy's layers as thumbnails and its first mints with the total and the collection link", async () => {
    stub({ ...base, cpid: DEPLOY, stamp: 4000 }, { body: deploy });
    renderWithProviders(<StampDetail cpid={DEPLOY} renderExtraBlocks={(stamp) => <Src721BlockOf stamp={stamp} />} />);

    const block = await screen.findByRole('region', { name: 'SRC-721' });
    const layers = await within(block).findByRole('list', { name: 'Layers' });
    expect(within(layers).getByText('Layer 1')).toBeInTheDocument();
    expect(within(layers).getAllByRole('link')).toHaveLength(3);
    expect(within(layers).getByRole('link', { name: 'Layer 1: A302' })).toHaveAttribute('href', '/stamp/A302');

    expect(within(block).getByRole('heading', { name: 'Mints (57)' })).toBeInTheDocument();
    const mints = within(block).getByRole('list', { name: 'Mints' });
    expect(within(mints).getAllByRole('listitem')).toHaveLength(2);
    expect(within(block).getByRole('link', { name: 'See all 57 mints in the collection' })).toHaveAttribute(
      'href',
      `/collection/${DEPLOY}`,
    );
  });

  it('links to the asset pages on the XCP site', async () => {
    stub(base, { body: mint });
    renderWithProviders(<StampDetail cpid={MINT} renderExtraBlocks={(stamp) => <Src721BlockOf stamp={stamp} />} />, {
      site: 'xcp',
    });
    const block = await screen.findByRole('region', { name: 'SRC-721' });
    expect(await within(block).findByRole('link', { name: 'Layer 1: A301' })).toHaveAttribute('href', '/asset/A301');
    expect(within(block).getByRole('link', { name: `Asset #4000 ${DEPLOY}` })).toHaveAttribute(
      'href',
      `/asset/${DEPLOY}`,
    );
  });

  it('renders nothing when the API answers 404', async () => {
    const fetchMock = stub(base, { status: 404, body: { error: 'not an SRC-721 deploy or mint' } });
    renderWithProviders(<StampDetail cpid={MINT} renderExtraBlocks={(stamp) => <Src721BlockOf stamp={stamp} />} />);
    await screen.findByRole('heading', { level: 1 });
    await vi.waitFor(() => {
      expect(fetchMock.mock.calls.some(([input]) => requestedUrl(input).includes('/api/stamp/src721/'))).toBe(true);
    });
    await vi.waitFor(() => {
      expect(screen.queryByRole('region', { name: 'SRC-721' })).not.toBeInTheDocument();
    });
  });

  it('does not ask for the SRC-721 block of other stamps', async () => {
    const fetchMock = stub({ ...base, ident: 'STAMP', stamp_mimetype: 'image/png' }, { body: mint });
    renderWithProviders(<StampDetail cpid={MINT} renderExtraBlocks={(stamp) => <Src721BlockOf stamp={stamp} />} />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'SRC-721' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => requestedUrl(input).includes('/api/stamp/src721/'))).toBe(false);
  });
});
