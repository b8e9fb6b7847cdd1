// A list's page number kept in the address (?page=2), so Back from an item the member opened
// returns to the page it was on, and a reload stays there.
import { useState } from 'react';

function readPage(): number {
  if (typeof location === 'undefined') return 1;
  const n = Number(new URLSearchParams(location.search).get('page'));
  return Number.isInteger(n) && n > 1 ? n : 1;
}

/** Like useState(1) for a page number, read from and written to the address's `page` parameter. */
export function usePageParam(): [number, (next: (page: number) => number) => void] {
  const [page, setPage] = useState(readPage);
  const set = (next: (page: number) => number) => {
    const value = next(page);
    const url = new URL(location.href);
    if (value > 1) url.searchParams.set('page', String(value));
    else url.searchParams.delete('page');
    history.replaceState(history.state, '', url);
    setPage(value);
  };
  return [page, set];
}
