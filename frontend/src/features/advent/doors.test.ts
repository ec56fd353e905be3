import { describe, expect, it } from 'vitest';
import { ADVENT_RULES, calendarDoors, CALENDAR_DAYS, doorLabel, doorState, toDoor } from './doors';
import type { AdventDay } from './types';

const record = (day: number, fields: Partial<AdventDay> = {}): AdventDay => ({
  day,
  presale_cpid: null,
  presale_dispenser: null,
  cpid: null,
  dispenser: null,
  author: null,
  src: null,
  ...fields,
});

describe('advent doors', () => {
  it('has 24 daily doors, day 25 and the bonus #31, in order', () => {
    expect(CALENDAR_DAYS).toHaveLength(26);
    expect(CALENDAR_DAYS.slice(0, 24)).toEqual(Array.from({ length: 24 }, (_, index) => index + 1));
    expect(CALENDAR_DAYS.slice(24)).toEqual([25, 31]);
    expect(doorLabel(1)).toBe('Day 1');
    expect(doorLabel(25)).toBe('Day 25');
    expect(doorLabel(31)).toBe('Bonus #31');
  });

  it('is closed without a presale, on presale with a presale id and no image, open with an image', () => {
    expect(doorState(record(1))).toBe('closed');
    expect(doorState(undefined)).toBe('closed');
    expect(doorState(record(1, { presale_cpid: '', src: '' }))).toBe('closed');
    expect(doorState(record(1, { presale_cpid: 'A1' }))).toBe('presale');
    expect(doorState(record(1, { presale_cpid: 'A1', src: '/s/A2' }))).toBe('open');
    expect(doorState(record(1, { src: '/s/A2' }))).toBe('open');
  });

  it('links a presale door to the presale cpid and hides its author', () => {
    expect(toDoor(3, record(3, { presale_cpid: 'A1', cpid: 'A2', author: 'bob' }))).toEqual({
      day: 3,
      label: 'Day 3',
      state: 'presale',
      viewCpid: 'A1',
      image: null,
      author: null,
    });
  });

  it('links an open door to its stamp (else the presale one) and shows its image and author', () => {
    expect(toDoor(4, record(4, { presale_cpid: 'A1', cpid: 'A2', author: 'bob', src: '/s/A2' }))).toEqual({
      day: 4,
      label: 'Day 4',
      state: 'open',
      viewCpid: 'A2',
      image: '/s/A2',
      author: 'bob',
    });
    expect(toDoor(4, record(4, { presale_cpid: 'A1', src: '/s/A2' })).viewCpid).toBe('A1');
  });

  it('gives a closed door no link, image or author, even when the record has some', () => {
    expect(toDoor(5, record(5, { cpid: 'A2', author: 'bob' }))).toEqual({
      day: 5,
      label: 'Day 5',
      state: 'closed',
      viewCpid: null,
      image: null,
      author: null,
    });
  });

  it('orders the doors by day, fills missing days with closed doors and ignores unknown days', () => {
    const doors = calendarDoors([
      record(31, { presale_cpid: 'B' }),
      record(2, { src: '/s/X', cpid: 'X' }),
      record(40, { src: '/s/Y' }),
    ]);
    expect(doors.map((door) => door.day)).toEqual([...CALENDAR_DAYS]);
    expect(doors[1]?.state).toBe('open');
    expect(doors[0]?.state).toBe('closed');
    expect(doors[25]).toMatchObject({ day: 31, state: 'presale', viewCpid: 'B', label: 'Bonus #31' });
  });

  it("words the rules as the spec does, without the Buy button's label", () => {
    const spec =
      'bonus stamp #31 for holders of at least 5 presales; presale price 0.00027 BTC (about $9.99) ' +
      'opens about 24 h before the mint; full price 0.00054 BTC (about $20), the Buy button ' +
      "showing '~20$'; first daily mint December 1 at 00:00 UTC; dispensers stay open until " +
      'the end of January; holding all 24 earns the special gift; exceeding supply is burned.';
    for (const rule of ADVENT_RULES) expect(spec).toContain(rule);
    expect(ADVENT_RULES).toHaveLength(7);
    expect(ADVENT_RULES.join(' ')).not.toMatch(/Buy/);
  });
});
