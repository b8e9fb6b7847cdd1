// What a reader sees of a match, from its status, its kick-off and the clock (queries.ts stateOf).
import { describe, expect, it } from 'vitest';
import { kickedOff, stateOf } from '../../src/lib/server/football/queries.ts';

const at = (iso: string) => new Date(iso);

describe('match states and the clock', () => {
  it('takes a timed match as begun at its kick-off', () => {
    const kickoff = at('2026-11-28T15:00:00Z');
    expect(stateOf('scheduled', kickoff, true, at('2026-11-28T14:59:59Z'))).toBe('upcoming');
    expect(stateOf('scheduled', kickoff, true, kickoff)).toBe('no_result');
    expect(kickedOff(kickoff, true, kickoff)).toBe(true);
  });

  it('keeps a match without a time to come until its whole day is over', () => {
    // apifootball.com stores one at 00:00 WIB (17:00 UTC the day before); its day ends 24 hours on.
    const dayStart = at('2026-11-27T17:00:00Z');
    expect(stateOf('scheduled', dayStart, false, at('2026-11-28T16:59:59Z'))).toBe('upcoming');
    expect(stateOf('scheduled', dayStart, false, at('2026-11-28T17:00:00Z'))).toBe('no_result');
    expect(kickedOff(dayStart, false, at('2026-11-28T12:00:00Z'))).toBe(false);
  });

  it('shows a live match as live for 4 hours after its kick-off, or after the day of one without a time', () => {
    const kickoff = at('2026-11-28T15:00:00Z');
    expect(stateOf('live', kickoff, true, at('2026-11-28T18:59:00Z'))).toBe('live');
    expect(stateOf('live', kickoff, true, at('2026-11-28T19:00:00Z'))).toBe('no_result');
    // Set live by hand at 15.00 WIB, a match stored at 00:00 WIB is still live then.
    const dayStart = at('2026-11-27T17:00:00Z');
    expect(stateOf('live', dayStart, false, at('2026-11-28T08:00:00Z'))).toBe('live');
    expect(stateOf('live', dayStart, false, at('2026-11-28T21:00:00Z'))).toBe('no_result');
  });

  it('leaves the other statuses to themselves, whatever the clock', () => {
    const kickoff = at('2026-11-28T15:00:00Z');
    for (const now of [at('2026-11-01T00:00:00Z'), at('2027-01-01T00:00:00Z')]) {
      expect(stateOf('finished', kickoff, true, now)).toBe('finished');
      expect(stateOf('awarded', kickoff, false, now)).toBe('finished');
      expect(stateOf('postponed', kickoff, true, now)).toBe('postponed');
      expect(stateOf('cancelled', kickoff, false, now)).toBe('cancelled');
      expect(stateOf('abandoned', kickoff, true, now)).toBe('abandoned');
    }
  });
});
