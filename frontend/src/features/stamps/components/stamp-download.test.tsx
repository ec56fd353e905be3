import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, requestedUrl } from '@/testing/render';
import type { StampDetailData } from '@/lib/stamp-detail';
import { StampDetail } from './stamp-detail';

const CPID = 'A3471624412617400000';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const stamp: StampDetailData = {
  cpid: CPID,
  stamp: 1234,
  block_index: 779653,
  block_time: 1680000600,
  tx_hash: 'f'.repeat(64),
  creator: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
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

type Answer = { status: number; body: string; type: string };

/** Answers the detail call with the stamp and the resize call with `resize`. */
function stub(detail: StampDetailData, resize: Answer) {
  const fetchMock = vi.fn<(input: RequestInfo | URL) => Promise<Response>>((input) => {
    const url = new URL(requestedUrl(input));
    if (url.pathname.startsWith('/api/assets/resize/')) {
      return Promise.resolve(
        new Response(resize.body, { status: resize.status, headers: { 'Content-Type': resize.type } }),
      );
    }
    return Promise.resolve(
      new Response(JSON.stringify(detail), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function resizeCalls(fetchMock: ReturnType<typeof stub>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => requestedUrl(input))
    .filter((url) => url.includes('/api/assets/resize/'));
}

const ok: Answer = { status: 200, body: PNG, type: 'text/plain; charset=utf-8' };

describe('StampDetail download', () => {
  let clicked: { href: string; download: string }[];

  beforeEach(() => {
    clicked = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('downloads the PNG at the default size 400 as {cpid}_{size}.png', async () => {
    const fetchMock = stub(stamp, ok);
    renderWithProviders(<StampDetail cpid={CPID} />);
    const form = await screen.findByRole('form', { name: 'Download' });
    expect(within(form).getByLabelText('Size (px)')).toHaveValue('400');
    fireEvent.click(within(form).getByRole('button', { name: 'Download' }));

    await vi.waitFor(() => {
      expect(clicked).toHaveLength(1);
    });
    expect(resizeCalls(fetchMock)).toEqual([`${window.location.origin}/api/assets/resize/${CPID}/400`]);
    expect(clicked[0]).toEqual({ href: `data:image/png;base64,${PNG}`, download: `${CPID}_400.png` });
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a spinner and ignores repeat clicks while the download is on its way', async () => {
    let answer: ((response: Response) => void) | undefined;
    const fetchMock = vi.fn<(input: RequestInfo | URL) => Promise<Response>>((input) => {
      if (new URL(requestedUrl(input)).pathname.startsWith('/api/assets/resize/')) {
        return new Promise((resolve) => {
          answer = resolve;
        });
      }
      return Promise.resolve(new Response(JSON.stringify(stamp), { headers: { 'Content-Type': 'application/json' } }));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<StampDetail cpid={CPID} />);
    const form = await screen.findByRole('form', { name: 'Download' });
    fireEvent.click(within(form).getByRole('button', { name: 'Download' }));
    const pending = await within(form).findByRole('button', { name: 'Downloading…' });
    expect(pending).toBeDisabled();
    expect(pending.querySelector('.spinner')).not.toBeNull();
    fireEvent.click(pending);
    expect(fetchMock.mock.calls.filter(([input]) => requestedUrl(input).includes('/api/assets/resize/'))).toHaveLength(
      1,
    );
    answer?.(new Response(PNG, { headers: { 'Content-Type': 'text/plain' } }));
    await vi.waitFor(() => {
      expect(clicked).toHaveLength(1);
    });
    // The button comes back once the download's state settles, just after the file is handed over.
    expect(await within(form).findByRole('button', { name: 'Download' })).toBeEnabled();
  });

  it('offers the quick sizes 360 and 720', async () => {
    const fetchMock = stub(stamp, ok);
    renderWithProviders(<StampDetail cpid={CPID} />);
    const form = await screen.findByRole('form', { name: 'Download' });
    fireEvent.click(within(form).getByRole('button', { name: '720' }));
    expect(within(form).getByLabelText('Size (px)')).toHaveValue('720');
    expect(within(form).getByRole('button', { name: '720' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(form).getByRole('button', { name: '360' })).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(within(form).getByRole('button', { name: 'Download' }));
    await vi.waitFor(() => {
      expect(clicked[0]?.download).toBe(`${CPID}_720.png`);
    });
    expect(resizeCalls(fetchMock)[0]).toMatch(/\/720$/);
  });

  it.each(['7', '1281', '12.5', 'abc', ''])("refuses %j with the spec's message before any request", async (value) => {
    const fetchMock = stub(stamp, ok);
    renderWithProviders(<StampDetail cpid={CPID} />);
    const form = await screen.findByRole('form', { name: 'Download' });
    const input = within(form).getByLabelText('Size (px)');
    fireEvent.change(input, { target: { value } });
    fireEvent.submit(form);
    expect(await within(form).findByRole('alert')).toHaveTextContent('Size must be between 8 and 1280');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(resizeCalls(fetchMock)).toEqual([]);
    expect(clicked).toEqual([]);
  });

  it("shows 'Something went wrong' on a failure", async () => {
    stub(stamp, { status: 500, body: '{"error":"boom"}', type: 'application/json' });
    renderWithProviders(<StampDetail cpid={CPID} />);
    const form = await screen.findByRole('form', { name: 'Download' });
    fireEvent.click(within(form).getByRole('button', { name: 'Download' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(clicked).toEqual([]);
  });

  it("shows the API's message for an image it cannot read (415)", async () => {
    stub(stamp, { status: 415, body: '{"error":"not a raster image"}', type: 'application/json' });
    renderWithProviders(<StampDetail cpid={CPID} />);
    const form = await screen.findByRole('form', { name: 'Download' });
    fireEvent.click(within(form).getByRole('button', { name: 'Download' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('not a raster image');
  });

  it("shows 'Something went wrong' when the answer is no base64", async () => {
    stub(stamp, { status: 200, body: '<html>oops</html>', type: 'text/html' });
    renderWithProviders(<StampDetail cpid={CPID} />);
    const form = await screen.findByRole('form', { name: 'Download' });
    fireEvent.click(within(form).getByRole('button', { name: 'Download' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(clicked).toEqual([]);
  });

  it('is not offered on the XCP site', async () => {
    stub(stamp, ok);
    renderWithProviders(<StampDetail cpid={CPID} />, { site: 'xcp' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('form', { name: 'Download' })).not.toBeInTheDocument();
  });

  it.each(['image/svg+xml', 'text/html', 'application/json'])('is hidden for a %s stamp', async (mime) => {
    stub({ ...stamp, stamp_mimetype: mime }, ok);
    renderWithProviders(<StampDetail cpid={CPID} />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('form', { name: 'Download' })).not.toBeInTheDocument();
  });

  it.each(['image/gif', 'image/jpeg', 'image/webp'])('is offered for a %s stamp', async (mime) => {
    stub({ ...stamp, stamp_mimetype: mime }, ok);
    renderWithProviders(<StampDetail cpid={CPID} />);
    expect(await screen.findByRole('form', { name: 'Download' })).toBeInTheDocument();
  });
});
