// The instant the football pages of the test servers start at (FOOTBALL_CLOCK): inside the embedded
// data, so upcoming fixtures, running seasons and forecasts are there whatever day the suite runs on
// (the open data's fixtures end on 30 May 2027). Tests that need "today" ask the server for it.
export const TEST_FOOTBALL_CLOCK = '2026-11-23T12:00:00+07:00';
