import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY_FLASH_MS } from '@/lib/use-copy-flash';
import { CopyButton } from './copy-button';
import { FallbackImage } from './fallback-image';

describe('CopyButton', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("copies the text and says 'Copied!' for one second", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CopyButton text="https://example/stamp/A1" label="Copy link" />);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith('https://example/stamp/A1');
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(COPY_FLASH_MS - 1);
    });
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('does not claim a copy the clipboard refused', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('no')) },
      configurable: true,
    });
    render(<CopyButton text="x" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
      await Promise.resolve();
    });
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });
});

describe('FallbackImage', () => {
  it('skips ERROR_ URLs, falls back on load errors, then shows the placeholder', () => {
    render(<FallbackImage sources={['https://h/ERROR_1.png', '/s/A1', 'https://x/a.png']} alt="Stamp A1" />);
    const first = screen.getByRole('img', { name: 'Stamp A1' });
    expect(first).toHaveAttribute('src', '/s/A1');
    fireEvent.error(first);
    const second = screen.getByRole('img', { name: 'Stamp A1' });
    expect(second).toHaveAttribute('src', 'https://x/a.png');
    fireEvent.error(second);
    const placeholder = screen.getByRole('img', { name: 'Stamp A1' });
    expect(placeholder.tagName).toBe('DIV');
    expect(placeholder).toHaveTextContent('No image');
  });

  it('shows the placeholder when no URL is usable', () => {
    render(<FallbackImage sources={[null, 'https://h/ERROR_1.png']} alt="Nothing" />);
    expect(screen.getByRole('img', { name: 'Nothing' }).tagName).toBe('DIV');
  });

  it('shows the given fallback instead of the placeholder once no URL is left', () => {
    render(<FallbackImage sources={['/api/asset/A1/image']} alt="Asset A1" fallback={<p>A1 tile</p>} />);
    const image = screen.getByRole('img', { name: 'Asset A1' });
    expect(image).toHaveAttribute('src', '/api/asset/A1/image');
    expect(screen.queryByText('A1 tile')).not.toBeInTheDocument();
    fireEvent.error(image);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('A1 tile')).toBeInTheDocument();
  });
});
