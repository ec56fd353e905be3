import type { Composition } from './composition';

/** A built-in starting point: a named composition in the spec's format. */
export type MixerTemplate = { name: string; composition: Composition };

/**
 * The built-in templates: layouts of text boxes only (no stamp is picked for the user), whose texts are meant to be
 * replaced and to which images are added.
 */
export const TEMPLATES: readonly MixerTemplate[] = [
  {
    name: 'Top and bottom text',
    composition: {
      background: '#222222',
      elements: [
        [1, 'TOP TEXT', [5, 3, 90, 18, 0], [0, '#ffffff', '#000000']],
        [1, 'BOTTOM TEXT', [5, 79, 90, 18, 0], [0, '#ffffff', '#000000']],
      ],
    },
  },
  {
    name: 'Headline',
    composition: {
      background: '#000000',
      elements: [[1, 'HEADLINE', [5, 40, 90, 20, 0], [0, '#f7931a', '#000000']]],
    },
  },
  {
    name: 'Caption',
    composition: {
      background: '#ffffff',
      elements: [[1, 'when the stamp hits', [5, 4, 90, 12, 0], [1, '#000000', '#ffffff']]],
    },
  },
  {
    name: 'Tilted sticker',
    composition: {
      background: '#1e90ff',
      elements: [[1, 'SO STAMP', [15, 62, 70, 15, 345], [3, '#ffeb3b', '#000000']]],
    },
  },
];
