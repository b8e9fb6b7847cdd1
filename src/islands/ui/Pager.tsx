import { useEffect, useRef, type RefObject } from 'react';

interface Props {
  /** The list's name (the pager's landmark label). */
  label: string;
  page: number;
  pages: number;
  previous: string;
  next: string;
  /** 'Halaman 2 dari 3': a status, said when the page changes. */
  position: string;
  onTurn: (step: -1 | 1) => void;
}

/**
 * Previous / next buttons around the page position. A button that takes the list to its first or
 * last page is disabled by it, and a disabled button drops the keyboard focus: it is handed to the
 * other button instead.
 */
export default function Pager({ label, page, pages, previous, next, position, onTurn }: Props) {
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const handOver = useRef<RefObject<HTMLButtonElement | null> | null>(null);
  useEffect(() => {
    handOver.current?.current?.focus();
    handOver.current = null;
  }, [page]);
  const turn = (step: -1 | 1) => {
    if (step === 1 && page + 1 >= pages) handOver.current = prevRef;
    if (step === -1 && page - 1 <= 1) handOver.current = nextRef;
    onTurn(step);
  };
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="btn ghost" ref={prevRef} disabled={page <= 1} onClick={() => turn(-1)}>
        {previous}
      </button>
      <span role="status">{position}</span>
      <button type="button" className="btn ghost" ref={nextRef} disabled={page >= pages} onClick={() => turn(1)}>
        {next}
      </button>
    </nav>
  );
}
