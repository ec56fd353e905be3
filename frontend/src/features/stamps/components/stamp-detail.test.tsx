import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, requestedUrl, stubFetchJson } from '@/testing/render';
import type { StampDetail as StampDetailData } from '../types';
import { StampDetail } from './stamp-detail';

const CPID = 'A3471624412617400000';
const TX_HASH = '50aeb77245a9483a5b077e4e7506c331dc2f628c22046e7d2b4c6ad6c6236ae1';
const CREATOR = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

const stamp: StampDetailData = {
  cpid: CPID,
  stamp: 1234,
  block_index: 779653,
  block_time: 1680000600,
  tx_hash: TX_HASH,
  creator: CREATOR,
  supply: '1',
  divisible: false,
  locked: true,
  keyburn: true,
  ident: 'STAMP',
  is_cursed: false,
  stamp_mimetype: 'image/png',
  stamp_url: `/s/${CPID}`,
  file_size: 373,
  stamp_hash: 'abcdefghijklmnopqrst',
};

describe('StampDetail', () => {
  it('shows the number, the image and the information block', async () => {
    const fetchMock = stubFetchJson(200, stamp);
    renderWithProviders(<StampDetail cpid={CPID} />);

    expect(await screen.findByRole('heading', { level: 1, name: '#1234' })).toBeInTheDocument();
    expect(requestedUrl(fetchMock.mock.calls[0]?.[0])).toMatch(new RegExp(`/api/stamp/${CPID}$`));

    const image = screen.getByRole('img', { name: new RegExp(CPID) });
    expect(image).toHaveAttribute('src', `/s/${CPID}`);

    expect(screen.getByRole('heading', { name: 'Information' })).toBeInTheDocument();
    const creator = screen.getByText('bc1qx...x0wlh');
    expect(creator).toHaveAttribute('title', CREATOR);
    expect(screen.getByText('50aeb...36ae1')).toHaveAttribute('title', TX_HASH);
    expect(screen.getByText('779,653')).toBeInTheDocument();
    expect(screen.getByText('2023-03-28 10:50 UTC')).toBeInTheDocument();
    expect(screen.getByText('STAMP · image/png')).toBeInTheDocument();
    expect(screen.getByText('373 B')).toBeInTheDocument();
  });

  it('shows stamp 999999999 as infinity', async () => {
    stubFetchJson(200, { ...stamp, stamp: 999999999 });
    renderWithProviders(<StampDetail cpid={CPID} />);
    expect(await screen.findByRole('heading', { level: 1, name: '#∞' })).toBeInTheDocument();
  });

  it('shows a placeholder instead of an image for HTML stamps', async () => {
    stubFetchJson(200, { ...stamp, stamp_mimetype: 'text/html' });
    renderWithProviders(<StampDetail cpid={CPID} />);
    const placeholder = await screen.findByRole('img', { name: new RegExp(CPID) });
    expect(placeholder.tagName).toBe('DIV');
    expect(placeholder).toHaveTextContent('HTML');
  });

  it('shows the spec text for a missing stamp', async () => {
    stubFetchJson(404, { error: '404 - Stamp not found.' });
    renderWithProviders(<StampDetail cpid="A999" />);
    expect(await screen.findByText('404 - Stamp not found.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it("shows the server's message for a malformed cpid", async () => {
    stubFetchJson(400, { error: 'invalid cpid' });
    renderWithProviders(<StampDetail cpid="nope" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('invalid cpid');
  });
});
