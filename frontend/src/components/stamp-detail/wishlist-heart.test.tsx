import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@/lib/user-api';
import { renderWithProviders, stubFetchRequests, type StubReply } from '@/testing/render';
import { WishlistHeart } from './wishlist-heart';

const CPID = 'A1234567890123456789';

const user: User = {
  user_id: 'u1',
  username: null,
  twitter: null,
  addresses: ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
  currentAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  wishlist: ['A1'],
  staff: false,
};

/** The API with a wishlist PUT that answers only when the test says so. */
function stubWithPendingPut() {
  let reply: (answer: StubReply) => void = () => undefined;
  const stub = stubFetchRequests((request) => {
    if (request.url.pathname === '/api/user/wishlist') {
      return new Promise<StubReply>((resolve) => {
        reply = resolve;
      });
    }
    if (request.url.pathname === '/api/user') return { body: user };
    return { status: 404, body: { error: 'not found' } };
  });
  return {
    ...stub,
    reply: (answer: StubReply) => {
      reply(answer);
    },
  };
}

async function putSent(requests: { method: string }[]) {
  await waitFor(() => {
    expect(requests.some((request) => request.method === 'PUT')).toBe(true);
  });
}

describe('the wishlist heart', () => {
  it('opens the sign-in panel for a visitor, and calls nothing', () => {
    const { requests } = stubFetchRequests(() => ({ status: 404, body: null }));
    const { store } = renderWithProviders(<WishlistHeart cpid={CPID} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect(store.getState().session.signIn).toBe('connect');
    expect(requests).toEqual([]);
  });

  it("turns on at once, sends the cpid, and keeps the server's wishlist", async () => {
    const { requests, reply } = stubWithPendingPut();
    renderWithProviders(<WishlistHeart cpid={CPID} />, { logged: 'unisat' });
    const heart = await screen.findByRole('button', { name: 'Add to wishlist' });
    await waitFor(() => {
      expect(heart).toBeEnabled();
    });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(heart).toHaveAccessibleName('Remove from wishlist');
    await waitFor(() => {
      expect(requests.at(-1)).toMatchObject({ method: 'PUT', body: { cpid: CPID } });
    });
    await act(async () => {
      reply({ status: 201, body: { wishlist: ['A1', CPID], added: true } });
      await Promise.resolve();
    });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
  });

  it('goes back when the call fails', async () => {
    const { reply, requests } = stubWithPendingPut();
    renderWithProviders(<WishlistHeart cpid="A1" />, { logged: 'unisat' });
    const heart = await screen.findByRole('button', { name: 'Remove from wishlist' });
    fireEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await putSent(requests);
    reply({ status: 404, body: { error: 'Stamp not found' } });
    await waitFor(() => {
      expect(heart).toHaveAttribute('aria-pressed', 'true');
    });
  });

  it('signs out and opens the sign-in panel when the server no longer knows the session', async () => {
    const { reply, requests } = stubWithPendingPut();
    const { store } = renderWithProviders(<WishlistHeart cpid={CPID} />, { logged: 'okx' });
    const heart = await screen.findByRole('button', { name: 'Add to wishlist' });
    await waitFor(() => {
      expect(heart).toBeEnabled();
    });
    fireEvent.click(heart);
    await putSent(requests);
    reply({ status: 401, body: { error: 'Not signed in' } });
    await waitFor(() => {
      expect(store.getState().session).toMatchObject({ logged: '', signIn: 'connect' });
    });
    expect(screen.getByRole('button', { name: 'Add to wishlist' })).not.toHaveAttribute('aria-pressed');
  });
});
