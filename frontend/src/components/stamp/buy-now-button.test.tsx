import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StampHit } from '@/lib/stamp';
import { sendLiveValue } from '@/testing/event-source';
import { renderWithProviders } from '@/testing/render';
import { StampCard } from './stamp-card';

const hit: StampHit = {
  cpid: 'A100',
  stamp: 7,
  stamp_url: '/s/A100',
  stamp_mimetype: 'image/png',
  ident: 'STAMP',
  creator: 'bc1qcreator',
  block_index: 800000,
  supply: '10',
  is_cursed: false,
  on_sale: 'a'.repeat(64),
};

function renderCard(cardHit: StampHit, logged = '') {
  return renderWithProviders(
    <ul>
      <StampCard hit={cardHit} />
    </ul>,
    { logged },
  );
}

describe("a stamp card's 'Buy now'", () => {
  it('shows only for a stamp on sale, outside the link to its page', () => {
    renderCard({ ...hit, on_sale: null });
    expect(screen.queryByRole('button', { name: 'Buy now' })).not.toBeInTheDocument();
    renderCard(hit);
    const button = screen.getByRole('button', { name: 'Buy now' });
    expect(button.closest('a')).toBeNull();
    expect(within(button.closest('li') as HTMLElement).getByRole('link')).toHaveAttribute('href', '/stamp/A100');
  });

  it("says 'Pending' while a transaction waiting for its block holds the listing up, until the block", async () => {
    const { store } = renderCard(hit, 'unisat');
    expect(screen.getByRole('button', { name: 'Buy now' })).toBeEnabled();
    await sendLiveValue('pending', { items: [hit.on_sale, 'b'.repeat(64)], assets: ['A100'] });
    const pending = await screen.findByRole('button', { name: 'Pending' });
    expect(pending).toBeDisabled();
    // The card says the stamp moves in a transaction waiting for its block.
    expect(screen.getByTitle('A transaction waiting for its block moves it')).toHaveTextContent('Pending');
    expect(screen.queryByRole('button', { name: 'Buy now' })).not.toBeInTheDocument();
    fireEvent.click(pending);
    expect(store.getState().cart.hashes).toEqual([]);
    // The block settles it: nothing is held up any more.
    await sendLiveValue('pending', { items: [], assets: [] });
    expect(await screen.findByRole('button', { name: 'Buy now' })).toBeEnabled();
    expect(screen.queryByTitle('A transaction waiting for its block moves it')).not.toBeInTheDocument();
  });

  it('opens the buy dialog with the cart when signed in with a buying wallet', () => {
    const { store } = renderCard(hit, 'unisat');
    fireEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(store.getState().cart).toMatchObject({ hashes: [hit.on_sale], buyOpen: true });
    expect(store.getState().session.signIn).toBeNull();
  });

  it("opens the Ninja wallet's frame for the Ninja wallet or a signature pasted by hand", () => {
    for (const wallet of ['ninja', 'default']) {
      const { store, unmount } = renderCard(hit, wallet);
      fireEvent.click(screen.getByRole('button', { name: 'Buy now' }));
      expect(store.getState().cart).toMatchObject({ hashes: [hit.on_sale], buyOpen: false, buyPending: false });
      expect(store.getState().walletFrame.request).toEqual({ action: 'buy', tx: [hit.on_sale] });
      expect(store.getState().session.signIn).toBeNull();
      unmount();
      localStorage.clear();
    }
  });

  it('opens the sign-in panel when signed out, the buy pending', () => {
    const { store } = renderCard(hit);
    fireEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(store.getState().cart).toMatchObject({ hashes: [hit.on_sale], buyOpen: false, buyPending: true });
    expect(store.getState().session.signIn).toBe('connect');
  });

  it('is disabled when the cart holds 5 other listings, not when it holds this one', () => {
    const others = ['1', '2', '3', '4', '5'].map((digit) => digit.repeat(64));
    localStorage.setItem('cart', JSON.stringify(others));
    renderCard(hit);
    expect(screen.getByRole('button', { name: 'Buy now' })).toBeDisabled();
    localStorage.setItem('cart', JSON.stringify([...others.slice(0, 4), hit.on_sale]));
    renderCard(hit);
    expect(screen.getAllByRole('button', { name: 'Buy now' })[1]).toBeEnabled();
  });
});
