import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readCurrencyCookie } from '@/lib/currency';
import { readLoggedCookie } from '@/lib/session';
import type { User } from '@/lib/user-api';
import { renderWithProviders, stubFetchRequests, type StubReply, type StubRequest } from '@/testing/render';
import { AuthControls } from './auth-controls';

const CURRENT = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const OTHER = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

const user: User = {
  user_id: 'u1',
  username: 'alice',
  twitter: 'alice_btc',
  addresses: [CURRENT, OTHER],
  currentAddress: CURRENT,
  wishlist: [],
  staff: false,
};

function renderDrawer(answer: (request: StubRequest) => StubReply | undefined = () => undefined) {
  const stub = stubFetchRequests((request) => {
    const own = answer(request);
    if (own) return own;
    if (request.url.pathname === '/api/user' && request.method === 'GET') return { body: user };
    return { status: 404, body: { error: 'not found' } };
  });
  document.cookie = 'logged=leather; Path=/';
  const rendered = renderWithProviders(<AuthControls />, { logged: 'leather' });
  fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
  return { ...stub, ...rendered, drawer: screen.getByRole('dialog', { name: 'Settings' }) };
}

function confirmDialog() {
  return screen.getByRole('alertdialog', { name: 'Please confirm' });
}

/** Waits until no button of `container` is busy (a cancelled action settles a moment after the click). */
async function idle(container: HTMLElement) {
  await waitFor(() => {
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });
}

function writes(requests: StubRequest[]) {
  return requests.filter((request) => request.method !== 'GET');
}

describe('the settings drawer', () => {
  it("links to the user's own profile by displayed name and marks the current address", async () => {
    const { drawer } = renderDrawer();
    expect(await within(drawer).findByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/profile/alice');
    const addresses = within(drawer).getAllByRole('listitem');
    expect(addresses[0]).toHaveTextContent('Current');
    expect(within(addresses[0] as HTMLElement).queryByRole('button', { name: /Unlink/ })).not.toBeInTheDocument();
    expect(within(addresses[1] as HTMLElement).getByRole('button', { name: `Unlink ${OTHER}` })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Link another address' })).toHaveTextContent('+');
  });

  it("keeps the display currency in the 'currency' cookie, USD by default, without a call", async () => {
    const { drawer, requests } = renderDrawer();
    const select = await within(drawer).findByRole('combobox', { name: 'Currency' });
    expect(select).toHaveValue('USD');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['USD', 'EUR', 'GBP', 'JPY', 'CNY', 'CAD', 'AUD']);
    fireEvent.change(select, { target: { value: 'EUR' } });
    expect(select).toHaveValue('EUR');
    expect(readCurrencyCookie(document.cookie)).toBe('EUR');
    expect(writes(requests)).toEqual([]);
  });

  it('changes the displayed name only after confirmation, and shows the answer', async () => {
    const { drawer, requests } = renderDrawer((request) =>
      request.method === 'PUT' ? { status: 201, text: 'Successfully updated' } : undefined,
    );
    const field = await within(drawer).findByLabelText('Displayed name');
    fireEvent.change(field, { target: { value: 'bob.the-builder' } });
    fireEvent.click(within(drawer).getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Change your displayed name to bob.the-builder?');
    fireEvent.click(within(confirmDialog()).getByRole('button', { name: 'Cancel' }));
    expect(writes(requests)).toEqual([]);
    await idle(drawer);
    fireEvent.click(within(drawer).getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByRole('status')).toHaveTextContent('Successfully updated');
    expect(writes(requests).map((request) => request.body)).toEqual([{ username: 'bob.the-builder' }]);
  });

  it.each([
    [409, { error: 'Username already taken' }, 'Username already taken'],
    [
      400,
      {
        error:
          'Name must be between 3 and 20 characters with only alphanumeric characters, dashes, dots and underscores',
      },
      'Name must be between 3 and 20',
    ],
    [500, { error: 'boom' }, 'An error occurred'],
  ])('shows the spec text when the name change answers %i', async (status, body, text) => {
    const { drawer } = renderDrawer((request) => (request.method === 'PUT' ? { status, body } : undefined));
    fireEvent.change(await within(drawer).findByLabelText('Displayed name'), { target: { value: 'carol' } });
    fireEvent.click(within(drawer).getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByRole('alert')).toHaveTextContent(text);
  });

  it("checks the name's rule before asking anything", async () => {
    const { drawer, requests } = renderDrawer();
    fireEvent.change(await within(drawer).findByLabelText('Displayed name'), { target: { value: 'a b' } });
    fireEvent.click(within(drawer).getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
    expect(await within(drawer).findByRole('alert')).toHaveTextContent(
      'Name must be between 3 and 20 characters with only alphanumeric characters, dashes, dots and underscores',
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(writes(requests)).toEqual([]);
  });

  it('strips the leading @ of the X handle, checks its rule, and saves it after confirmation', async () => {
    const { drawer, requests } = renderDrawer((request) =>
      request.method === 'PUT' ? { status: 201, text: 'Successfully updated' } : undefined,
    );
    const field = await within(drawer).findByLabelText('X (Twitter) handle');
    expect(field).toHaveValue('alice_btc');
    fireEvent.change(field, { target: { value: '@x' } });
    fireEvent.click(within(drawer).getAllByRole('button', { name: 'Save' })[1] as HTMLElement);
    expect(await within(drawer).findByRole('alert')).toHaveTextContent(
      'Name must be between 2 and 20 characters with only alphanumeric characters',
    );
    fireEvent.change(field, { target: { value: '@new_handle' } });
    fireEvent.click(within(drawer).getAllByRole('button', { name: 'Save' })[1] as HTMLElement);
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('@new_handle?');
    fireEvent.click(within(confirmDialog()).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByRole('status')).toHaveTextContent('Successfully updated');
    expect(writes(requests).map((request) => request.body)).toEqual([{ twitter: 'new_handle' }]);
  });

  it('unlinks an address after confirmation, and changes the list only on a 201', async () => {
    let status = 400;
    const { drawer, requests } = renderDrawer((request) =>
      request.url.pathname === '/api/auth/unlink'
        ? status === 201
          ? { status, body: { addresses: [CURRENT] } }
          : { status, body: { error: 'Cannot unlink the current address' } }
        : undefined,
    );
    const unlink = await within(drawer).findByRole('button', { name: `Unlink ${OTHER}` });
    fireEvent.click(unlink);
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(`Unlink ${OTHER} from your account?`);
    fireEvent.click(within(confirmDialog()).getByRole('button', { name: 'Unlink' }));
    expect(await within(drawer).findByRole('alert')).toHaveTextContent('Cannot unlink the current address');
    expect(within(drawer).getByRole('button', { name: `Unlink ${OTHER}` })).toBeInTheDocument();
    status = 201;
    fireEvent.click(within(drawer).getByRole('button', { name: `Unlink ${OTHER}` }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => {
      expect(within(drawer).queryByRole('button', { name: `Unlink ${OTHER}` })).not.toBeInTheDocument();
    });
    expect(writes(requests).map((request) => request.body)).toEqual([{ address: OTHER }, { address: OTHER }]);
  });

  it("logs out after confirmation: the session call, then the 'logged' cookie is cleared", async () => {
    const { drawer, requests, store } = renderDrawer((request) =>
      request.url.pathname === '/api/auth/logout' ? { text: 'ok' } : undefined,
    );
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Log out?');
    fireEvent.click(within(confirmDialog()).getByRole('button', { name: 'Cancel' }));
    expect(writes(requests)).toEqual([]);
    await idle(drawer);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Logout' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Connect' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writes(requests).map((request) => request.url.pathname)).toEqual(['/api/auth/logout']);
    expect(readLoggedCookie(document.cookie)).toBe('');
    expect(store.getState().session.logged).toBe('');
  });
});
