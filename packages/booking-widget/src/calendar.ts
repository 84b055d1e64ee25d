/**
 * The month grid and its keyboard moves, on plain days (`YYYY-MM-DD`): no time zone enters here.
 *
 * @module
 */

const DAY_MS = 86_400_000;
const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `day` moved by `n` days. */
export function addDays(day: string, n: number): string {
  return toDay(toMs(day) + n * DAY_MS);
}

/** `day` moved by `n` months, its day of month clamped to the target month's length. */
export function addMonths(day: string, n: number): string {
  const date = new Date(toMs(day));
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + n, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), last));
  return toDay(target.getTime());
}

/** The first day of `day`'s month. */
export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** ISO weekday of a plain day: 1 Monday ... 7 Sunday. */
export function weekday(day: string): number {
  return new Date(toMs(day)).getUTCDay() || 7;
}

/**
 * The weeks of `day`'s month, each seven cells from `firstDay` (1 Monday ... 7 Sunday); cells
 * outside the month are `null`.
 */
export function monthGrid(day: string, firstDay: number): (string | null)[][] {
  const first = monthStart(day);
  const lead = (weekday(first) - firstDay + 7) % 7;
  const weeks: (string | null)[][] = [];
  let cursor = addDays(first, -lead);
  while (weeks.length === 0 || cursor.slice(0, 7) === first.slice(0, 7)) {
    const week = [];
    for (let i = 0; i < 7; i++, cursor = addDays(cursor, 1))
      week.push(cursor.slice(0, 7) === first.slice(0, 7) ? cursor : null);
    weeks.push(week);
  }
  return weeks;
}

/**
 * Where a key press moves the focused day (the WAI-ARIA date grid): arrows by a day or a week
 * (left and right swap in a right-to-left layout), Home/End to the week's first and last day,
 * Page Up/Down by a month (with Shift by a year). `undefined` for other keys.
 */
export function moveDay(
  day: string,
  key: string,
  options: { rtl: boolean; firstDay: number; shift: boolean },
): string | undefined {
  const back = options.rtl ? 'ArrowRight' : 'ArrowLeft';
  const forward = options.rtl ? 'ArrowLeft' : 'ArrowRight';
  const column = (weekday(day) - options.firstDay + 7) % 7;
  switch (key) {
    case back:
      return addDays(day, -1);
    case forward:
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -column);
    case 'End':
      return addDays(day, 6 - column);
    case 'PageUp':
      return addMonths(day, options.shift ? -12 : -1);
    case 'PageDown':
      return addMonths(day, options.shift ? 12 : 1);
    default:
      return undefined;
  }
}

/** The first day of the week in `locale` (1 Monday ... 7 Sunday), where the browser says so. */
export function firstDayOfWeek(locale: string): number {
  try {
    const info = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    return info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay ?? 1;
  } catch {
    return 1;
  }
}
