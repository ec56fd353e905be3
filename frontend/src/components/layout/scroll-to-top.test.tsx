import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_THROTTLE_MS, ScrollToTop } from './scroll-to-top';

function scrollTo(y: number) {
  vi.stubGlobal('scrollY', y);
  fireEvent.scroll(window);
}

describe('ScrollToTop', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('scrollY', 0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('appears past 250 px, throttled to 50 ms, and goes away near the top', () => {
    render(<ScrollToTop />);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();

    // Past the mount's own check, so this scroll is handled at once.
    act(() => {
      vi.advanceTimersByTime(SCROLL_THROTTLE_MS);
    });
    scrollTo(250);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();

    // Within the throttle window the new position waits for the window's end.
    scrollTo(251);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(SCROLL_THROTTLE_MS);
    });
    expect(screen.getByRole('button', { name: 'Scroll to top' })).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(SCROLL_THROTTLE_MS);
    });
    scrollTo(100);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
  });

  it('scrolls to the top when clicked', () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    vi.stubGlobal('scrollY', 600);
    render(<ScrollToTop />);
    fireEvent.click(screen.getByRole('button', { name: 'Scroll to top' }));
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('stops listening when unmounted', () => {
    const remove = vi.spyOn(window, 'removeEventListener');
    const { unmount } = render(<ScrollToTop />);
    unmount();
    expect(remove).toHaveBeenCalledWith('scroll', expect.any(Function));
  });
});
