import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@/lib/user-api';
import { renderWithProviders, stubFetchRequests, type StubReply, type StubRequest } from '@/testing/render';
import { makeCollection } from '../fixtures';
import { CreateCollectionButton } from './collection-actions';
import { CollectionForm } from './collection-form';
import { UserCollections } from './user-collections';

const me: User = {
  user_id: 'alice',
  username: 'alice',
  twitter: null,
  addresses: ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
  currentAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  wishlist: [],
  staff: false,
};

function stubApi(answer: (request: StubRequest) => StubReply | undefined = () => undefined) {
  return stubFetchRequests((request) => {
    const own = answer(request);
    if (own) return own;
    const { pathname } = request.url;
    if (pathname.startsWith('/api/stamp/images/')) {
      return {
        body: pathname
          .slice('/api/stamp/images/'.length)
          .split(',')
          .map((cpid) => ({ cpid, url: cpid === 'A404' ? '404' : `/s/${cpid}` })),
      };
    }
    if (pathname === '/api/user') return { body: me };
    return { status: 404, body: { error: 'not found' } };
  });
}

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('+ Create a collection', () => {
  it('opens the sign-in panel for a visitor', () => {
    stubApi();
    const { store } = renderWithProviders(<CreateCollectionButton stampsWord="Stamps" />);
    fireEvent.click(screen.getByRole('button', { name: '+ Create a collection' }));
    expect(store.getState().session.signIn).toBe('connect');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the form when signed in, with the notice; a 201 closes it and links to the collection', async () => {
    const { requests } = stubApi((request) =>
      request.method === 'POST' ? { status: 201, body: { collection_id: 'c-42', name: 'pepes' } } : undefined,
    );
    renderWithProviders(<CreateCollectionButton stampsWord="Stamps" />, { logged: 'unisat' });
    fireEvent.click(screen.getByRole('button', { name: '+ Create a collection' }));
    const form = screen.getByRole('dialog', { name: 'Create a collection' });
    expect(form).toHaveTextContent('Only add stamps you created or have permission to add.');
    type('Name', 'pepes');
    type(/Stamps \(ids/, 'A1, A2');
    type('X (Twitter)', '@pepes');
    type('Website', 'https://pepes.example');
    type('Description', 'Rare pepes');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(screen.getByRole('link', { name: 'open its page' })).toHaveAttribute('href', '/collection/c-42');
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({
      url: new URL('/api/collection', window.location.href),
      body: {
        name: 'pepes',
        stamp_ids: ['A1', 'A2'],
        twitter: 'pepes',
        website: 'https://pepes.example',
        description: 'Rare pepes',
      },
    });
  });

  it.each([
    [401, { error: 'Collection name already exists' }, 'Collection name already exists'],
    [409, { error: 'A stamp is already in another collection: A1' }, 'A stamp is already in another collection: A1'],
    [500, { error: 'boom' }, 'An error occurred'],
  ])('keeps the form open with the spec text when the save answers %i', async (status, body, text) => {
    stubApi((request) => (request.method === 'POST' ? { status, body } : undefined));
    renderWithProviders(<CollectionForm stampsWord="Stamps" onClose={vi.fn()} />, { logged: 'unisat' });
    type('Name', 'pepes');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('dialog', { name: 'Create a collection' })).toBeInTheDocument();
  });

  it("checks the name's rule before sending", async () => {
    const { requests } = stubApi();
    renderWithProviders(<CollectionForm stampsWord="Stamps" onClose={vi.fn()} />, { logged: 'unisat' });
    type('Name', 'no');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Name must be between 3 and 20 characters');
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('previews the stamps typed, from /api/stamp/images/{cpids}', async () => {
    const { requests } = stubApi();
    renderWithProviders(<CollectionForm stampsWord="Stamps" onClose={vi.fn()} />, { logged: 'unisat' });
    type(/Stamps \(ids/, 'A1, A404');
    const preview = await screen.findByRole('list', { name: 'Preview' });
    expect(await within(preview).findByRole('img', { name: 'Preview of A1' })).toHaveAttribute('src', '/s/A1');
    expect(within(preview).getByRole('img', { name: 'Preview of A404' })).toHaveTextContent('Not found');
    expect(requests.map((request) => request.url.pathname)).toContain('/api/stamp/images/A1,A404');
  });
});

describe('editing a collection', () => {
  it('loads every stamp id, keeps the name read-only, and saves with PUT', async () => {
    const onClose = vi.fn();
    const { requests } = stubApi((request) => {
      if (request.url.pathname === '/api/collection/pepes' && request.method === 'GET') {
        return { body: makeCollection({ stamp_ids: ['A1', 'A2', 'A3'] }) };
      }
      if (request.method === 'PUT') return { status: 201, text: 'Successfully updated' };
      return undefined;
    });
    renderWithProviders(<CollectionForm editId="pepes" stampsWord="Stamps" onClose={onClose} />, {
      logged: 'unisat',
    });
    expect(await screen.findByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Name')).toHaveValue('Pepes');
    expect(screen.getByLabelText(/Stamps \(ids/)).toHaveValue('A1, A2, A3');
    expect(requests[0]?.url.searchParams.get('with_stamp_ids')).toBe('true');
    type('Description', 'New words');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    expect(requests.find((request) => request.method === 'PUT')).toMatchObject({
      body: { name: 'Pepes', stamp_ids: ['A1', 'A2', 'A3'], description: 'New words' },
    });
  });

  it("shows Edit and '+ Create a collection' on the viewer's own profile, never on a launchpad", async () => {
    stubApi((request) =>
      request.url.pathname === '/api/collections'
        ? {
            body: {
              hits: [makeCollection(), makeCollection({ collection_id: 'pad', name: 'Pad', is_launchpad: true })],
              estimatedTotalHits: 2,
              offset: 0,
              limit: 50,
            },
          }
        : undefined,
    );
    renderWithProviders(<UserCollections userId="alice" page={1} stampsWord="Stamps" />, { logged: 'okx' });
    expect(await screen.findByRole('button', { name: 'Edit Pepes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Pad' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+ Create a collection' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Pepes' }));
    expect(await screen.findByRole('dialog', { name: 'Edit collection' })).toBeInTheDocument();
  });

  it("shows neither on someone else's profile", async () => {
    const { fetchMock } = stubApi((request) =>
      request.url.pathname === '/api/collections'
        ? { body: { hits: [makeCollection({ user_id: 'bob' })], estimatedTotalHits: 1, offset: 0, limit: 50 } }
        : undefined,
    );
    renderWithProviders(<UserCollections userId="bob" page={1} stampsWord="Stamps" />, { logged: 'okx' });
    expect(await screen.findByRole('list', { name: 'Collections' })).toBeInTheDocument();
    // Once the signed-in user has been read (who is not the profile's).
    await waitFor(() => {
      expect(fetchMock.mock.results.length).toBe(2);
    });
    await Promise.all(fetchMock.mock.results.map((result) => result.value as Promise<Response>));
    await screen.findByRole('list', { name: 'Collections' });
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '+ Create a collection' })).not.toBeInTheDocument();
  });
});
