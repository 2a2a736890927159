// Run by time-zones.test.ts in a child process with TZ set: how the runtime writes dates in this process's
// zone, as JSON on stdout. (Not a test file itself: the zone of a process is fixed when it starts.)
import { ErpError } from '../../templates/runtime/errors.js';
import { literal } from '../../templates/runtime/literals.js';
import { defineService } from '../../templates/runtime/define-service.js';

const service = defineService<{ 'FORM.form': { day?: Date | string } }, Record<never, never>>({
  name: 'Dates',
  elements: { 'FORM.form': { type: 'Form', keyFields: [], fields: { day: { type: 'Datetime' } } } },
});

function attempt(write: () => string): string {
  try {
    return write();
  } catch (error) {
    if (error instanceof ErpError) return `refused: ${error.message}`;
    throw error;
  }
}

const transactionValue = (day: Date | string) =>
  attempt(() => service.transaction().form('FORM.form', { day }).toJSON().DataElements[0]!.Rows[0]!.Edits[0]!.Value);

const cases: Record<string, string | number> = {
  offsetMinutes: new Date(2030, 0, 5).getTimezoneOffset(),
  // Edm.Date filters
  filterLocalMidnight: attempt(() => literal('date', new Date(2030, 0, 5), 'c')),
  filterLocalLateEvening: attempt(() => literal('date', new Date(2030, 0, 5, 23, 59, 59, 999), 'c')),
  filterLocalEarlyMorning: attempt(() => literal('date', new Date(2030, 0, 5, 0, 0, 0, 1), 'c')),
  filterText: attempt(() => literal('date', '2030-01-05', 'c')),
  filterLeapDay: attempt(() => literal('date', new Date(2028, 1, 29), 'c')),
  filterNotADay: attempt(() => literal('date', '2030-02-30', 'c')),
  filterUtcMidnight: attempt(() => literal('date', new Date('2030-01-05T00:00:00Z'), 'c')),
  // Edm.DateTimeOffset filters keep the instant
  filterInstant: attempt(() => literal('datetime', new Date(Date.UTC(2030, 0, 5, 12, 0)), 'c')),
  filterInstantOfLocalMidnight: attempt(() => literal('datetime', new Date(2030, 0, 5), 'c')),
  // Datetime transaction fields: the local day, or the local wall time
  transactionLocalMidnight: transactionValue(new Date(2030, 0, 5)),
  transactionLocalTime: transactionValue(new Date(2030, 0, 5, 13, 45, 30)),
  transactionText: transactionValue('2030-01-05'),
  transactionTextWithTime: transactionValue('2030-01-05T13:45:00'),
  transactionNotADay: transactionValue('2030-02-30'),
  transactionInvalidDate: transactionValue(new Date('nope')),
};
process.stdout.write(JSON.stringify(cases));
