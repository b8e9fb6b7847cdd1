import { useEffect, useRef, useState } from 'react';
import { memoText as t } from '../lib/shared/messages/index.ts';
import { formatDateShort, formatTime } from '../lib/shared/format.ts';
import { listMemos, markAllRead, MEMOS_CHANGED, type MemoPage } from '../lib/client/memos.ts';
import { usePageParam } from '../lib/client/page-param.ts';

/** /pagememo (001 §6): the member's memos, 20 a page, unread marked; all can be marked read at once. */
export default function MemoList() {
  const [page, setPage] = usePageParam();
  const [data, setData] = useState<MemoPage | null>(null);
  const [failed, setFailed] = useState(false);
  /** 'Tandai semua sudah dibaca' failed: said apart from a list that failed to load (it did load). */
  const [markFailed, setMarkFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  // After 'Tandai semua sudah dibaca' or a page turn the button pressed may be gone or disabled:
  // the keyboard (and a screen reader) starts again at the list's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const turn = (step: number) => {
    setPage((p) => p + step);
    heading.current?.focus();
  };

  useEffect(() => {
    let live = true;
    listMemos(page)
      .then((d) => live && (setData(d), setFailed(false)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [page, version]);

  useEffect(() => {
    const again = () => setVersion((v) => v + 1);
    addEventListener(MEMOS_CHANGED, again);
    return () => removeEventListener(MEMOS_CHANGED, again);
  }, []);

  /** 'Tandai semua dibaca': the store marks them; the keyboard goes back to the list's heading. */
  const markAll = async () => {
    setBusy(true);
    setMarkFailed(false);
    await markAllRead().catch(() => setMarkFailed(true));
    setBusy(false);
    heading.current?.focus();
  };

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // A page from the address that no longer exists (memos were deleted): the last one instead.
  useEffect(() => {
    if (data && page > pages) setPage(() => pages);
  }, [data, page, pages, setPage]);
  return (
    <section className="card memo-list" aria-labelledby="memo-heading" aria-busy={!data && !failed}>
      <h1 id="memo-heading" ref={heading} tabIndex={-1}>
        {t.listTitle}
      </h1>
      {!data && !failed && <p>{t.loading}</p>}
      {failed && <p className="form-error">{t.loadFailed}</p>}
      {markFailed && (
        <p className="form-error" role="alert">
          {t.markAllReadFailed}
        </p>
      )}
      {data && data.items.length === 0 && <p>{t.empty}</p>}
      {data && data.unread > 0 && (
        <button
          type="button"
          className="btn ghost"
          disabled={busy}
          onClick={() => void markAll()}
        >
          {t.markAllRead}
        </button>
      )}
      {data && data.items.length > 0 && (
        <ul className="memos">
          {data.items.map((m) => (
            <li key={m.id} className={m.read ? 'read' : 'unread'}>
              {/* The memo's page links back to this page of the list (?page=). */}
              <a href={page > 1 ? `/pesan/${m.id}?page=${page}` : `/pesan/${m.id}`}>
                <strong>{m.subject}</strong>
                <span className="memo-meta">
                  {formatDateShort(m.createdAt)} {formatTime(m.createdAt)} · {m.read ? t.read : t.unread}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {data && pages > 1 && (
        <nav className="pager" aria-label={t.listTitle}>
          <button type="button" className="btn ghost" disabled={page <= 1} onClick={() => turn(-1)}>
            {t.previous}
          </button>
          <span role="status">{t.page(page, pages)}</span>
          <button type="button" className="btn ghost" disabled={page >= pages} onClick={() => turn(1)}>
            {t.next}
          </button>
        </nav>
      )}
    </section>
  );
}
