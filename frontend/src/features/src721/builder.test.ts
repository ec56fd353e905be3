import { describe, expect, it } from 'vitest';
import {
  entryImageUrl,
  previewReady,
  SRC721_DEFAULT_TEXT,
  SRC721_DEFAULTS,
  src721DeployFile,
  src721Error,
  src721Layers,
} from './builder';

/** A deploy JSON that passes every check, with `changes` applied (an undefined value removes the key). */
function deploy(changes: Record<string, unknown> = {}): string {
  const document: Record<string, unknown> = {
    ...SRC721_DEFAULTS,
    name: 'Robots',
    t0: ['A1234', 'A5678'],
    t1: ['A9012'],
    ...changes,
  };
  for (const [key, value] of Object.entries(changes)) if (value === undefined) Reflect.deleteProperty(document, key);
  return JSON.stringify(document, null, 2);
}

describe('src721Error', () => {
  it('accepts a deploy with a name, max, lim and consecutive layers of cpids', () => {
    expect(src721Error(deploy())).toBeNull();
    expect(src721Error(deploy({ max: 10000, lim: 1 }))).toBeNull();
    expect(src721Error(deploy({ t1: undefined }))).toBeNull();
  });

  it("1. says 'Invalid JSON' for text that is not a JSON object", () => {
    expect(src721Error('{"name": "Robots",')).toBe('Invalid JSON');
    expect(src721Error('')).toBe('Invalid JSON');
    expect(src721Error('[]')).toBe('Invalid JSON');
    expect(src721Error('null')).toBe('Invalid JSON');
    expect(src721Error('"Robots"')).toBe('Invalid JSON');
  });

  it("2. then says 'Collection Name is required' without a name", () => {
    expect(src721Error(deploy({ name: '' }))).toBe('Collection Name is required');
    expect(src721Error(deploy({ name: '   ' }))).toBe('Collection Name is required');
    expect(src721Error(deploy({ name: undefined }))).toBe('Collection Name is required');
    expect(src721Error(deploy({ name: null }))).toBe('Collection Name is required');
    // Every later check fails too: the first one is said.
    expect(src721Error(deploy({ name: '', max: '', lim: '', t0: undefined, t1: undefined }))).toBe(
      'Collection Name is required',
    );
  });

  it("3. then says 'Max Supply is required' without a max", () => {
    expect(src721Error(deploy({ max: '' }))).toBe('Max Supply is required');
    expect(src721Error(deploy({ max: undefined }))).toBe('Max Supply is required');
    expect(src721Error(deploy({ max: [] }))).toBe('Max Supply is required');
    expect(src721Error(deploy({ max: '', lim: '', t0: [] }))).toBe('Max Supply is required');
  });

  it("4. then says 'Quantity per Mint is required' without a lim", () => {
    expect(src721Error(deploy({ lim: '' }))).toBe('Quantity per Mint is required');
    expect(src721Error(deploy({ lim: undefined }))).toBe('Quantity per Mint is required');
    expect(src721Error(deploy({ lim: undefined, t0: undefined, t1: undefined }))).toBe('Quantity per Mint is required');
  });

  it('5. then asks for at least one layer key like t0', () => {
    const message = 'At least one layer `"t0": [A1234,A5678]` is required';
    expect(src721Error(deploy({ t0: undefined, t1: undefined }))).toBe(message);
    expect(src721Error(deploy({ t0: undefined, t1: undefined, layers: [['A1234']], T0: ['A1234'] }))).toBe(message);
  });

  it("6. then says 'Empty layers for {key}' for the first layer empty or holding an empty entry", () => {
    expect(src721Error(deploy({ t1: [] }))).toBe('Empty layers for t1');
    expect(src721Error(deploy({ t0: ['A1234', ''] }))).toBe('Empty layers for t0');
    expect(src721Error(deploy({ t0: ['A1234', '  '] }))).toBe('Empty layers for t0');
    expect(src721Error(deploy({ t0: ['A1234', null] }))).toBe('Empty layers for t0');
    expect(src721Error(deploy({ t0: 'A1234' }))).toBe('Empty layers for t0');
    expect(src721Error(deploy({ t0: [], t1: [] }))).toBe('Empty layers for t0');
    // Before the order of the keys is checked.
    expect(src721Error(deploy({ t1: undefined, t3: [] }))).toBe('Empty layers for t3');
  });

  it("7. then says 'Invalid layer key {key}' for the first key out of the sequence t0, t1, ...", () => {
    expect(src721Error(deploy({ t1: undefined, t2: ['A9012'] }))).toBe('Invalid layer key t2');
    expect(src721Error(deploy({ t0: undefined }))).toBe('Invalid layer key t1');
    expect(src721Error(deploy({ t01: ['A9012'] }))).toBe('Invalid layer key t01');
    expect(src721Error(deploy({ t2: ['A1'], t4: ['A2'] }))).toBe('Invalid layer key t4');
  });

  it('starts from the defaults, which only lack what the creator fills in', () => {
    expect(JSON.parse(SRC721_DEFAULT_TEXT)).toEqual({
      p: 'src-721',
      v: '1',
      op: 'deploy',
      name: '',
      symbol: '',
      description: '',
      type: 'data:image/png;base64',
      viewbox: '0 0 28 28',
      max: '10000',
      lim: '1',
      icon: '',
      t0: [],
      t1: [],
    });
    expect(src721Error(SRC721_DEFAULT_TEXT)).toBe('Collection Name is required');
  });
});

describe('src721Layers', () => {
  it("lists the layers by number with their cpids, leaving other values out; null for what isn't an object", () => {
    expect(src721Layers(deploy({ t1: ['A9012', '', 7], t0: 'A1234' }))).toEqual([
      { key: 't0', entries: [] },
      { key: 't1', entries: ['A9012'] },
    ]);
    expect(src721Layers(deploy({ t10: ['B'], t2: ['C'] }))?.map((layer) => layer.key)).toEqual([
      't0',
      't1',
      't2',
      't10',
    ]);
    expect(src721Layers('{')).toBeNull();
    expect(src721Layers('[1]')).toBeNull();
  });

  it('lets the deploy be minted only when it shows layers and none of them is empty', () => {
    expect(previewReady(src721Layers(deploy()))).toBe(true);
    expect(previewReady(src721Layers(deploy({ t1: [] })))).toBe(false);
    expect(previewReady(src721Layers(deploy({ t0: undefined, t1: undefined })))).toBe(false);
    expect(previewReady(null)).toBe(false);
  });

  it('shows an entry with the stamp file of its cpid', () => {
    expect(entryImageUrl('A1234')).toBe('/s/A1234');
    expect(entryImageUrl('A 1/2')).toBe('/s/A%201%2F2');
  });
});

describe('src721DeployFile', () => {
  it('serialises the checked JSON compactly, in the order written', () => {
    const text = `{
  "p": "src-721",
  "v": "1",
  "op": "deploy",
  "name": "Robots",
  "symbol": "ROBO",
  "description": "Robots, layer by layer.",
  "type": "data:image/png;base64",
  "viewbox": "0 0 28 28",
  "max": "10000",
  "lim": "1",
  "icon": "A4321",
  "t0": [ "A1234", "A5678" ],
  "t1": [
    "A9012"
  ]
}
`;
    expect(src721Error(text)).toBeNull();
    expect(src721DeployFile(text)).toBe(
      '{"p":"src-721","v":"1","op":"deploy","name":"Robots","symbol":"ROBO","description":"Robots, layer by layer.",' +
        '"type":"data:image/png;base64","viewbox":"0 0 28 28","max":"10000","lim":"1","icon":"A4321",' +
        '"t0":["A1234","A5678"],"t1":["A9012"]}',
    );
  });

  it('keeps the values as written', () => {
    expect(src721DeployFile('{ "name": " Robots ", "max": 10000, "t0": ["A1"] }')).toBe(
      '{"name":" Robots ","max":10000,"t0":["A1"]}',
    );
  });
});
