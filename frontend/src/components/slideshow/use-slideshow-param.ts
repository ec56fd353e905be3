import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { parseSlideshow, SLIDESHOW_PARAM, slideshowSearch, type SlideshowSettings } from './slideshow-params';

/**
 * The slideshow kept in the `slideshow` query parameter: its settings (null when off) and a setter. Opening adds a
 * history entry; changes and closing while open replace it. Other parameters are kept.
 */
export function useSlideshowParam(): [SlideshowSettings | null, (settings: SlideshowSettings | null) => void] {
  const navigate = useNavigate();
  const location = useLocation();
  const settings = parseSlideshow(new URLSearchParams(location.search).get(SLIDESHOW_PARAM));
  const setSlideshow = useCallback(
    (next: SlideshowSettings | null) => {
      void navigate(
        { pathname: location.pathname, search: slideshowSearch(location.search, next) },
        { replace: parseSlideshow(new URLSearchParams(location.search).get(SLIDESHOW_PARAM)) !== null },
      );
    },
    [navigate, location.pathname, location.search],
  );
  return [settings, setSlideshow];
}
