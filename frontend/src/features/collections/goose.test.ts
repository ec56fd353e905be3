import { describe, expect, it } from 'vitest';
import { makeGooseData } from './fixtures';
import {
  gooseCpid,
  gooseDigits,
  gooseImageUrl,
  gooseNumberText,
  gooseScriptUrl,
  gooseSvg,
  isGooseNumber,
  pickGoose,
  randomGooseNumber,
  readGooseData,
} from './goose';

/** The SVG text of a `data:image/svg+xml` URL. */
function decodeSvgUrl(url: string): string {
  return decodeURIComponent(url.slice(url.indexOf(',') + 1));
}

describe('goose data', () => {
  it('reads the data script shape: prefix, viewBox, 6 layers of 10 fragments', () => {
    const raw = makeGooseData();
    const data = readGooseData(raw);
    expect(data).toEqual(raw);
    // A copy: the page's object changing later changes nothing.
    raw.layers[0]?.splice(0, 1, 'changed');
    expect(data?.layers[0]?.[0]).toBe('<rect id="L0D0" x="0" y="0" width="1" height="1" fill="#a3d9ff"/>');
  });

  it('accepts viewBoxes of four numbers, separated by spaces or commas', () => {
    for (const viewBox of ['0 0 24 24', ' -1.5 0 24.5 .5 ', '0,0,32,32', '0, 0, 32, 32']) {
      expect(readGooseData({ ...makeGooseData(), viewBox })?.viewBox).toBe(viewBox.trim());
    }
  });

  it('rejects anything else', () => {
    const good = makeGooseData();
    const layers = good.layers;
    const withLayer = (index: number, layer: unknown) => layers.map((item, at) => (at === index ? layer : item));
    const bad: unknown[] = [
      undefined,
      null,
      'window.stampsGoose',
      [],
      {},
      { ...good, prefix: undefined },
      { ...good, prefix: 'A' },
      { ...good, prefix: 'B1000' },
      { ...good, prefix: 'A1000 ' },
      { ...good, prefix: 1000 },
      { ...good, viewBox: undefined },
      { ...good, viewBox: '0 0 24' },
      { ...good, viewBox: '0 0 24 24 24' },
      { ...good, viewBox: '0 0 24 24" onload="x' },
      { ...good, viewBox: [0, 0, 24, 24] },
      { ...good, layers: undefined },
      { ...good, layers: layers.slice(0, 5) },
      { ...good, layers: [...layers, layers[0]] },
      { ...good, layers: withLayer(2, layers[2]?.slice(0, 9)) },
      { ...good, layers: withLayer(2, [...(layers[2] ?? []), '<g/>']) },
      { ...good, layers: withLayer(3, 'fragments') },
      { ...good, layers: withLayer(4, [...(layers[4] ?? []).slice(0, 9), 7]) },
      // eslint-disable-next-line no-sparse-arrays -- a hole is no fragment
      { ...good, layers: withLayer(5, [, ...(layers[5] ?? []).slice(1)]) },
    ];
    for (const raw of bad) expect(readGooseData(raw)).toBeNull();
    const throwing = Object.defineProperty({}, 'prefix', {
      get() {
        throw new Error('no');
      },
    });
    expect(readGooseData(throwing)).toBeNull();
  });

  it('finds the script under the assets host, by default the site itself', () => {
    expect(gooseScriptUrl(undefined)).toBe('/goose/data.js');
    expect(gooseScriptUrl('')).toBe('/goose/data.js');
    expect(gooseScriptUrl('https://assets.example')).toBe('https://assets.example/goose/data.js');
    expect(gooseScriptUrl('https://assets.example/')).toBe('https://assets.example/goose/data.js');
  });
});

describe('goose numbers', () => {
  it('are the integers 0..999999', () => {
    expect(isGooseNumber(0)).toBe(true);
    expect(isGooseNumber(999_999)).toBe(true);
    for (const n of [-1, 1_000_000, 1.5, Number.NaN, Infinity]) expect(isGooseNumber(n)).toBe(false);
    expect(() => gooseNumberText(1_000_000)).toThrow(RangeError);
  });

  it('are written as six zero-padded digits, the most significant first', () => {
    expect(gooseNumberText(0)).toBe('000000');
    expect(gooseNumberText(12_345)).toBe('012345');
    expect(gooseNumberText(999_999)).toBe('999999');
    expect(gooseDigits(12_345)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(gooseDigits(908_070)).toEqual([9, 0, 8, 0, 7, 0]);
  });
});

describe('a goose', () => {
  const data = makeGooseData();

  it("draws layer i's fragment for digit d_i, in layer order, in an SVG with the data's viewBox", () => {
    expect(gooseSvg(data, 908_071)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" shape-rendering="crispEdges">' +
        [
          '<rect id="L0D9" x="0" y="9" width="1" height="1" fill="#a3d9ff"/>',
          '<rect id="L1D0" x="1" y="0" width="1" height="1" fill="#a3d9ff"/>',
          '<rect id="L2D8" x="2" y="8" width="1" height="1" fill="#a3d9ff"/>',
          '<rect id="L3D0" x="3" y="0" width="1" height="1" fill="#a3d9ff"/>',
          '<rect id="L4D7" x="4" y="7" width="1" height="1" fill="#a3d9ff"/>',
          '<rect id="L5D1" x="5" y="1" width="1" height="1" fill="#a3d9ff"/>',
        ].join('') +
        '</svg>',
    );
  });

  it('is an image as a data:image/svg+xml URL of that SVG', () => {
    const url = gooseImageUrl(data, 42);
    expect(url).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(url).not.toMatch(/[<>"#\s]/);
    expect(decodeSvgUrl(url)).toBe(gooseSvg(data, 42));
  });

  it('has the prefix and its six digits for a cpid', () => {
    expect(gooseCpid(data, 42)).toBe('A1000000000000000042');
    expect(gooseCpid(data, 999_999)).toBe('A1000000000000999999');
    expect(pickGoose(data, 42)).toEqual({
      number: 42,
      digits: '000042',
      cpid: 'A1000000000000000042',
      image: gooseImageUrl(data, 42),
    });
  });
});

describe('a random goose number', () => {
  /** A source giving these 32-bit values in turn. */
  function values(...list: number[]) {
    let index = 0;
    return (array: Uint32Array) => {
      array[0] = list[index++] ?? 0;
    };
  }

  it('is a 32-bit random value modulo a million', () => {
    expect(randomGooseNumber(values(0))).toBe(0);
    expect(randomGooseNumber(values(1_234_567))).toBe(234_567);
    expect(randomGooseNumber(values(4_293_999_999))).toBe(999_999);
  });

  it('draws again in the incomplete last million, so that every number is as likely', () => {
    // 2^32 = 4,294,967,296: values from 4,294,000,000 on would favour 0..967,295.
    const source = values(4_294_000_000, 4_294_967_295, 17);
    expect(randomGooseNumber(source)).toBe(17);
  });

  it('uses the crypto random values by default', () => {
    for (let draw = 0; draw < 100; draw++) expect(isGooseNumber(randomGooseNumber())).toBe(true);
  });
});
