import { describe, expect, it } from 'vitest';
import { usableImageSources } from './image-sources';

describe('usableImageSources', () => {
  it('skips hosted URLs containing ERROR_, empty ones and duplicates, keeping the order', () => {
    expect(
      usableImageSources([
        'https://host/ERROR_A123.png',
        null,
        '',
        '/s/A123',
        undefined,
        '/s/A123',
        'https://xcp/img.png',
      ]),
    ).toEqual(['/s/A123', 'https://xcp/img.png']);
  });

  it('is empty when nothing is usable (the placeholder)', () => {
    expect(usableImageSources(['https://host/ERROR_x', null])).toEqual([]);
  });
});
