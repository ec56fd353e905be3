import { describe, expect, it } from 'vitest';

/**
 * Each stylesheet belongs to shared code or to one feature, as each module does. A feature's components use the
 * classes of its own stylesheets and the shared ones; shared code uses only shared classes; the app, which composes
 * the features, may use any. A class two features need moves to a shared stylesheet (used through a shared
 * component), or each feature gets its own.
 */
const OWNERS: Record<string, string> = {
  'base.css': 'shared',
  'shell.css': 'shared',
  'common.css': 'shared',
  'stamp-card.css': 'shared',
  'stamp-detail.css': 'shared',
  'errors.css': 'shared',
  'charts.css': 'shared',
  'finder.css': 'shared',
  'tables.css': 'shared',
  'home-layout.css': 'shared',
  'page-title.css': 'shared',
  'slideshow.css': 'shared',
  'media.css': 'shared',
  'xcp-assets.css': 'xcp-assets',
  'src20.css': 'src20',
  'leaderboard.css': 'leaderboard',
  'profile.css': 'profile',
  'fairmint.css': 'fairmint',
  'collections.css': 'collections',
  'traits-filter.css': 'collections',
  'launchpad.css': 'collections',
  'home.css': 'home',
  'stamps.css': 'stamps',
  'announcement.css': 'announcement',
  'feat.css': 'feat',
  'advent.css': 'advent',
  'src721.css': 'src721',
  'faq.css': 'faq',
  'dialog.css': 'shared',
  'wallet.css': 'shared',
  'wallet-frame.css': 'shared',
  'auth.css': 'auth',
  'buy.css': 'buy',
  'mint.css': 'mint',
  'bit-melody.css': 'bit-melody',
  'mixer.css': 'mixer',
  'kpi.css': 'kpi',
};

const stylesheets = import.meta.glob<string>('./*.css', { query: '?raw', import: 'default', eager: true });
const modules = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../styles/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const features = new Set(
  Object.keys(modules).flatMap((path) => {
    const match = /^\.\.\/features\/([^/]+)\//.exec(path);
    return match?.[1] ? [match[1]] : [];
  }),
);

function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The owner of a module: its feature, 'app', or 'shared'. */
function moduleOwner(path: string): string {
  const match = /^\.\.\/features\/([^/]+)\//.exec(path);
  if (match?.[1]) return match[1];
  return path.startsWith('../app/') ? 'app' : 'shared';
}

/** The class names a stylesheet's selectors name (comments and declarations left out). */
function selectorClasses(css: string): Set<string> {
  const classes = new Set<string>();
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const [, selector = ''] of text.matchAll(/([^{};]+)\{/g)) {
    if (selector.trim().startsWith('@')) continue;
    for (const [, name = ''] of selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) classes.add(name);
  }
  return classes;
}

/** The end of the expression that starts at `start` (a quoted string, or braces with what they hold). */
function expressionEnd(text: string, start: number): number {
  const first = text[start];
  if (first === '"' || first === "'") return text.indexOf(first, start + 1) + 1;
  let depth = 0;
  for (let index = start; index < text.length; index++) {
    if (text[index] === '{') depth++;
    else if (text[index] === '}' && --depth === 0) return index + 1;
  }
  return text.length;
}

/** The class names a module writes in its `className` (and `...ClassName`) attributes and props. */
function usedClasses(source: string): Set<string> {
  const classes = new Set<string>();
  for (const match of source.matchAll(/\b(?:className|[a-z]\w*ClassName)\s*=\s*(?=["'{])/g)) {
    const start = match.index + match[0].length;
    const expression = source.slice(start, expressionEnd(source, start));
    for (const [, single, double, template] of expression.matchAll(/'([^']*)'|"([^"]*)"|`([^`]*)`/g)) {
      const text = (single ?? double ?? template ?? '').replace(/\$\{[^}]*\}/g, ' ');
      for (const name of text.split(/\s+/)) if (name) classes.add(name);
    }
  }
  return classes;
}

/** Each class and the owners of the stylesheets that style it. */
function classOwners(): Map<string, Set<string>> {
  const owners = new Map<string, Set<string>>();
  for (const [path, css] of Object.entries(stylesheets)) {
    const owner = OWNERS[fileName(path)];
    if (!owner) continue;
    for (const name of selectorClasses(css)) {
      const set = owners.get(name) ?? new Set<string>();
      set.add(owner);
      owners.set(name, set);
    }
  }
  return owners;
}

describe('stylesheet ownership', () => {
  it('gives every stylesheet an owner: shared code or an existing feature', () => {
    const files = Object.keys(stylesheets)
      .map(fileName)
      .filter((name) => name !== 'index.css');
    expect(files.filter((name) => !(name in OWNERS))).toEqual([]);
    expect(Object.keys(OWNERS).filter((name) => !files.includes(name))).toEqual([]);
    const owners = new Set(Object.values(OWNERS));
    expect([...owners].filter((owner) => owner !== 'shared' && !features.has(owner))).toEqual([]);
  });

  it('imports every stylesheet from index.css', () => {
    const index = stylesheets['./index.css'] ?? '';
    const imported = [...index.matchAll(/@import '\.\/([^']+)'/g)].map(([, name]) => name);
    expect(imported.sort()).toEqual(Object.keys(OWNERS).sort());
  });

  it('styles no class in the stylesheets of two features', () => {
    const clashes = [...classOwners()]
      .map(([name, owners]) => [name, [...owners].filter((owner) => owner !== 'shared')] as const)
      .filter(([name, owners]) => owners.length > 1 && !classOwners().get(name)?.has('shared'))
      .map(([name, owners]) => `${name}: ${owners.join(', ')}`);
    expect(clashes).toEqual([]);
  });

  it("uses in each module only its own feature's classes and the shared ones", () => {
    const owners = classOwners();
    const misuses: string[] = [];
    for (const [path, source] of Object.entries(modules)) {
      const owner = moduleOwner(path);
      if (owner === 'app') continue;
      for (const name of usedClasses(source)) {
        const styledBy = owners.get(name);
        if (!styledBy || styledBy.has('shared') || styledBy.has(owner)) continue;
        misuses.push(`${path.slice(3)}: .${name} (${[...styledBy].join(', ')})`);
      }
    }
    expect(misuses).toEqual([]);
  });

  it('reads class names from selectors and className attributes', () => {
    expect([
      ...selectorClasses('/* .no */ .a, .b:hover > .c__d { color: red } @media (x) { .e--f { top: 0.5em } }'),
    ]).toEqual(['a', 'b', 'c__d', 'e--f']);
    expect([
      ...usedClasses('<p className="a b" /><i className={on ? `c ${x}` : \'d\'} /><S itemClassName="e" />'),
    ]).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
