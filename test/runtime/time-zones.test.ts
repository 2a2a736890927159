// Dates mean the same day in every time zone. A Date for a date-only value (an Edm.Date filter, a Datetime
// transaction field) is its calendar day and wall-clock time in the process's local zone, as
// `new Date(2030, 0, 5)` was made; an Edm.DateTimeOffset keeps its instant; `YYYY-MM-DD` text is taken as it
// is. CI runs in UTC, where reading a Date in UTC or in local time cannot be told apart, so each zone runs
// in a child process started with that TZ (the zone of a process is fixed when it starts).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths.js';

function inZone(tz: string): Record<string, string | number> {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'test/runtime/dates-in-zone.ts')], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, TZ: tz },
  });
  if (result.status !== 0) throw new Error(`TZ=${tz}: exit ${result.status}: ${result.stderr}`);
  return JSON.parse(result.stdout) as Record<string, string | number>;
}

// east of UTC by up to 14 hours, west by 8, and a half-hour zone
const ZONES = [
  { tz: 'UTC', offsetMinutes: 0, localMidnightInUtc: '2030-01-05T00:00:00.000Z' },
  { tz: 'Asia/Tokyo', offsetMinutes: -540, localMidnightInUtc: '2030-01-04T15:00:00.000Z' },
  { tz: 'Pacific/Kiritimati', offsetMinutes: -840, localMidnightInUtc: '2030-01-04T10:00:00.000Z' },
  { tz: 'Asia/Kolkata', offsetMinutes: -330, localMidnightInUtc: '2030-01-04T18:30:00.000Z' },
  { tz: 'America/Los_Angeles', offsetMinutes: 480, localMidnightInUtc: '2030-01-05T08:00:00.000Z' },
];

describe.each(ZONES)('dates in TZ=$tz', ({ tz, offsetMinutes, localMidnightInUtc }) => {
  const seen = inZone(tz);

  it('runs in that zone', () => {
    expect(seen['offsetMinutes']).toBe(offsetMinutes);
  });

  it('an Edm.Date filter takes the local calendar day of a Date, whatever its time of day', () => {
    expect(seen['filterLocalMidnight']).toBe('2030-01-05');
    expect(seen['filterLocalLateEvening']).toBe('2030-01-05');
    expect(seen['filterLocalEarlyMorning']).toBe('2030-01-05');
    expect(seen['filterLeapDay']).toBe('2028-02-29');
  });

  it('YYYY-MM-DD text is the unambiguous form: the same day everywhere, and checked against the calendar', () => {
    expect(seen['filterText']).toBe('2030-01-05');
    expect(seen['filterNotADay']).toMatch(/^refused: c: "2030-02-30" is not a date/);
    expect(seen['transactionText']).toBe('2030-01-05');
    expect(seen['transactionTextWithTime']).toBe('2030-01-05T13:45:00');
    expect(seen['transactionNotADay']).toMatch(/^refused: .*"2030-02-30" is not a date/);
  });

  it('a Date made from UTC text is read in local time too (the documented trap: give the text instead)', () => {
    // new Date('2030-01-05') is UTC midnight: west of UTC that is the evening before
    expect(seen['filterUtcMidnight']).toBe(offsetMinutes > 0 ? '2030-01-04' : '2030-01-05');
  });

  it('an Edm.DateTimeOffset filter keeps the instant of a Date, in UTC', () => {
    expect(seen['filterInstant']).toBe('2030-01-05T12:00:00.000Z');
    expect(seen['filterInstantOfLocalMidnight']).toBe(localMidnightInUtc);
  });

  it('a Datetime transaction field takes the local day, or the local wall-clock time', () => {
    expect(seen['transactionLocalMidnight']).toBe('2030-01-05');
    expect(seen['transactionLocalTime']).toBe('2030-01-05T13:45:30');
    expect(seen['transactionInvalidDate']).toMatch(/^refused: .*an invalid Date/);
  });
});
