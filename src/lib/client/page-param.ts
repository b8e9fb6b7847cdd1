// A list's page number kept in the address (?page=2), so Back from an item the member opened
// returns to the page it was on, and a reload stays there.
import { useEffect, useState } from 'react';
import { MAX_PAGE, readUrlNumber } from '../shared/url-number.ts';
import { replaceSearchParam } from './address.ts';

/** The address's ?page= (1 without one, or on the server). */
export function readPage(): number {
  if (typeof location === 'undefined') return 1;
  return readUrlNumber(new URLSearchParams(location.search).get('page'), { max: MAX_PAGE }) ?? 1;
}

/** Like useState(1) for a page number, read from the address's `page` parameter and kept there. */
export function usePageParam(): [number, (next: (page: number) => number) => void] {
  const [page, setPage] = useState(readPage);
  useEffect(() => replaceSearchParam('page', page > 1 ? String(page) : null), [page]);
  return [page, setPage];
}
