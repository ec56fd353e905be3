import type { AdventDay } from './types';

/** The spec's door states: closed (no presale), then on presale, then open. */
export type DoorState = 'closed' | 'presale' | 'open';

/** The spec: 24 daily doors, a day 25 and a bonus New Year stamp #31. */
export const DAILY_DOORS = 24;
export const CHRISTMAS_DAY = 25;
export const BONUS_DAY = 31;

/** Every door of the calendar, in order. */
export const CALENDAR_DAYS: readonly number[] = [
  ...Array.from({ length: DAILY_DOORS }, (_, index) => index + 1),
  CHRISTMAS_DAY,
  BONUS_DAY,
];

/** The calendar's rules, as the spec words them. */
export const ADVENT_RULES: readonly string[] = [
  'bonus stamp #31 for holders of at least 5 presales',
  'presale price 0.00027 BTC (about $9.99) opens about 24 h before the mint',
  'full price 0.00054 BTC (about $20)',
  'first daily mint December 1 at 00:00 UTC',
  'dispensers stay open until the end of January',
  'holding all 24 earns the special gift',
  'exceeding supply is burned',
];

/** What a door shows. Only the presale and open doors link to a stamp; only the open ones show image and author. */
export type Door = {
  day: number;
  label: string;
  state: DoorState;
  /** The stamp the View link opens: the presale cpid while on presale, the stamp's own cpid once open. */
  viewCpid: string | null;
  image: string | null;
  author: string | null;
};

function present(value: string | null | undefined): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** A door's state: open once its image is there, on presale while only a presale id is, closed before. */
export function doorState(record: Pick<AdventDay, 'src' | 'presale_cpid'> | undefined): DoorState {
  if (present(record?.src)) return 'open';
  if (present(record?.presale_cpid)) return 'presale';
  return 'closed';
}

/** A door's name: 'Day n', or 'Bonus #31' for the New Year stamp. */
export function doorLabel(day: number): string {
  return day === BONUS_DAY ? `Bonus #${String(BONUS_DAY)}` : `Day ${String(day)}`;
}

/** What the door of `day` shows, from its record (a missing record is a closed door). */
export function toDoor(day: number, record: AdventDay | undefined): Door {
  const state = doorState(record);
  const presaleCpid = present(record?.presale_cpid);
  return {
    day,
    label: doorLabel(day),
    state,
    viewCpid: state === 'open' ? (present(record?.cpid) ?? presaleCpid) : state === 'presale' ? presaleCpid : null,
    image: state === 'open' ? present(record?.src) : null,
    author: state === 'open' ? present(record?.author) : null,
  };
}

/** The calendar's doors in order (days 1..25, then 31), whatever the API's order; unknown days are ignored. */
export function calendarDoors(days: readonly AdventDay[]): Door[] {
  return CALENDAR_DAYS.map((day) =>
    toDoor(
      day,
      days.find((record) => record.day === day),
    ),
  );
}
