import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ACTIVITY_TYPES, type ActivityEvent } from '../api';
import { ActivityList, activityWording, blockDate, shortTxid } from './activity-list';
import { WalletHome } from './wallet-home';

const ADDRESS = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const TX = `0123abcd${'e'.repeat(48)}98765432`;

const EVENT: ActivityEvent = {
  asset: 'A95428956661682177',
  quantity: 1n,
  divisible: false,
  type: 'receive',
  txHash: TX,
  blockIndex: 850_123,
  timestamp: 1_718_000_000,
};

describe('activityWording', () => {
  it('says what each kind of event did', () => {
    expect(Object.fromEntries(ACTIVITY_TYPES.map((type) => [type, activityWording(type)]))).toEqual({
      send: 'Sent',
      receive: 'Received',
      attach: 'Attached',
      detach: 'Detached',
      move: 'Moved',
      issuance: 'Issued',
      transfer: 'Transferred',
      destroy: 'Destroyed',
      buy: 'Bought',
      sell: 'Sold',
      fairmint: 'Minted',
    });
  });
});

describe('shortTxid and blockDate', () => {
  it('shorten an id to its ends and show a block time in UTC', () => {
    expect(shortTxid(TX)).toBe('0123abcd...98765432');
    expect(blockDate(1_718_000_000)).toBe('2024-06-10 06:13 UTC');
  });
});

describe('ActivityList', () => {
  it('says when there is no activity yet', () => {
    render(<ActivityList events={[]} />);
    expect(screen.getByText('No activity yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('lists each event in words, with the exact quantity, the block, the date and the id to copy', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <ActivityList
        events={[
          { ...EVENT, type: 'send', assetLongname: 'PARENT.child', quantity: 18_446_744_073_709_551_615n },
          { ...EVENT, asset: 'XCP', divisible: true, quantity: 150_000_001n, type: 'buy' },
        ]}
      />,
    );
    const rows = within(screen.getByRole('list', { name: 'Recent activity' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Sent 18,446,744,073,709,551,615 PARENT.child');
    expect(rows[0]).not.toHaveTextContent(EVENT.asset);
    expect(rows[0]).toHaveTextContent('Block 850123, 2024-06-10 06:13 UTC');
    expect(rows[0]).toHaveTextContent('0123abcd...98765432');
    expect(rows[1]).toHaveTextContent('Bought 1.50000001 XCP');
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Copy id' }));
    await act(() => Promise.resolve());
    expect(writeText).toHaveBeenCalledWith(TX);
  });
});

describe('WalletHome', () => {
  it('shows the recent activity, empty first, and reads it again on Refresh', async () => {
    const answers = [
      { hits: [] },
      {
        hits: [
          {
            asset: 'A95428956661682177',
            quantity: '1',
            divisible: false,
            tx_type: 'receive',
            tx_hash: TX,
            block_index: 850_123,
            timestamp: 1_718_000_000,
          },
        ],
      },
    ];
    const activityCalls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const path = input instanceof Request ? input.url : input.toString();
        if (path.startsWith('/api/activity?')) {
          activityCalls.push(path);
          const body = answers[Math.min(activityCalls.length - 1, 1)];
          return Promise.resolve(Response.json({ ...body, estimatedTotalHits: 0, offset: 0, limit: 20 }));
        }
        if (path.startsWith('/api/wallet/balance/')) {
          return Promise.resolve(Response.json({ address: ADDRESS, confirmed: 0, unconfirmed: 0 }));
        }
        if (path.startsWith('/api/stamps/')) {
          return Promise.resolve(Response.json({ hits: [], estimatedTotalHits: 0, offset: 0, limit: 100 }));
        }
        return Promise.resolve(Response.json({ error: 'not found' }, { status: 404 }));
      }),
    );
    render(<WalletHome address={ADDRESS} sign={vi.fn()} />);
    const section = screen.getByRole('region', { name: 'Recent activity' });
    expect(await within(section).findByText('No activity yet.')).toBeInTheDocument();
    expect(activityCalls).toEqual([`/api/activity?addresses=${ADDRESS}`]);

    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => {
      expect(within(section).getByRole('list', { name: 'Recent activity' })).toHaveTextContent(
        'Received 1 A95428956661682177',
      );
    });
    expect(activityCalls).toHaveLength(2);
  });
});
