import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import type { Banner } from '../types';
import { BannerCarousel } from './banner-carousel';

const banner = (id: string, fields: Partial<Banner> = {}): Banner => ({
  collection_id: id,
  name: `Banner ${id}`,
  description: `About ${id}`,
  link: `/collection/${id}`,
  image: `https://img.example/${id}.png`,
  icon: null,
  user_id: 'alice',
  stamp_count: 1200,
  collector_count: 34,
  stamp_images: [],
  ...fields,
});

const three = [banner('a'), banner('b', { link: 'https://partner.example/drop' }), banner('c')];

function renderCarousel(banners: Banner[] = three) {
  renderWithProviders(<BannerCarousel banners={banners} stampsWord="Stamps" />);
  return screen.getByRole('region', { name: 'Highlights' });
}

/** The accessible name of the visible slide. */
function shownSlide(): string | null {
  return screen.getByRole('group', { name: /^\d+ of \d+$/ }).getAttribute('aria-label');
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('BannerCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a carousel region of slides labelled n of m, the first shown with its content and link', () => {
    const region = renderCarousel();
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = region.querySelectorAll('[aria-roledescription="slide"]');
    expect([...slides].map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(shownSlide()).toBe('1 of 3');
    const slide = screen.getByRole('group', { name: '1 of 3' });
    expect(slide).toHaveTextContent('Banner a');
    expect(slide).toHaveTextContent('About a');
    expect(slide).toHaveTextContent('1,200 stamps · 34 collectors');
    expect(within(slide).getByRole('link', { name: 'View Banner a' })).toHaveAttribute('href', '/collection/a');
  });

  it('advances every 5000 ms and wraps round', () => {
    renderCarousel();
    advance(4999);
    expect(shownSlide()).toBe('1 of 3');
    advance(1);
    expect(shownSlide()).toBe('2 of 3');
    const external = within(screen.getByRole('group', { name: '2 of 3' })).getByRole('link', { name: 'View Banner b' });
    expect(external).toHaveAttribute('href', 'https://partner.example/drop');
    expect(external).toHaveAttribute('target', '_blank');
    advance(5000);
    expect(shownSlide()).toBe('3 of 3');
    advance(5000);
    expect(shownSlide()).toBe('1 of 3');
  });

  it('pauses on hover and resumes when the pointer leaves', () => {
    const region = renderCarousel();
    fireEvent.mouseEnter(region);
    advance(12000);
    expect(shownSlide()).toBe('1 of 3');
    fireEvent.mouseLeave(region);
    advance(5000);
    expect(shownSlide()).toBe('2 of 3');
  });

  it('pauses while keyboard focus is inside, and announces slides politely then', () => {
    renderCarousel();
    const slides = screen.getByRole('group', { name: '1 of 3' }).parentElement;
    expect(slides).toHaveAttribute('aria-live', 'off');
    const next = screen.getByRole('button', { name: 'Next slide' });
    act(() => {
      next.focus();
    });
    expect(slides).toHaveAttribute('aria-live', 'polite');
    advance(12000);
    expect(shownSlide()).toBe('1 of 3');
    act(() => {
      next.blur();
    });
    advance(5000);
    expect(shownSlide()).toBe('2 of 3');
  });

  it('moves with prev/next and the dots, marking the current dot', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(shownSlide()).toBe('3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shownSlide()).toBe('1 of 3');
    const dots = within(screen.getByRole('group', { name: 'Choose a slide' })).getAllByRole('button');
    expect(dots.map((dot) => dot.getAttribute('aria-label'))).toEqual([
      'Slide 1 of 3: Banner a',
      'Slide 2 of 3: Banner b',
      'Slide 3 of 3: Banner c',
    ]);
    fireEvent.click(dots[1] as HTMLElement);
    expect(shownSlide()).toBe('2 of 3');
    expect(dots[1]).toHaveAttribute('aria-current', 'true');
    expect(dots[0]).not.toHaveAttribute('aria-current');
  });

  it('stops and restarts with the rotation button', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Stop slide rotation' }));
    // Clicking leaves focus on the button; move it out, as the user would.
    act(() => {
      (document.activeElement as HTMLElement | null)?.blur();
    });
    advance(12000);
    expect(shownSlide()).toBe('1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Start slide rotation' }));
    act(() => {
      (document.activeElement as HTMLElement | null)?.blur();
    });
    advance(5000);
    expect(shownSlide()).toBe('2 of 3');
  });

  it('does not auto-advance when the user prefers reduced motion', () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(prefers-reduced-motion: reduce)',
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      })),
    );
    renderCarousel();
    advance(20000);
    expect(shownSlide()).toBe('1 of 3');
    expect(screen.queryByRole('button', { name: 'Stop slide rotation' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shownSlide()).toBe('2 of 3');
  });

  it('has no controls for a single banner and falls back to the collection page for an unusable link', () => {
    renderCarousel([banner('solo', { link: 'javascript:alert(1)' })]);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Banner solo' })).toHaveAttribute('href', '/collection/solo');
    advance(20000);
    expect(shownSlide()).toBe('1 of 1');
  });

  it('renders nothing without banners', () => {
    const { container } = renderWithProviders(<BannerCarousel banners={[]} stampsWord="Stamps" />);
    expect(container).toBeEmptyDOMElement();
  });
});
