import { useEffect, useState } from 'react';
import { memoText as t } from '../lib/shared/messages/index.ts';
import { formatDateShort, formatTime } from '../lib/shared/format.ts';
import { problem } from '../lib/client/api.ts';
import { openMemo, type MemoDetail } from '../lib/client/memos.ts';
import { readPage } from '../lib/client/page-param.ts';

/** /pesan/{id}: one memo, marked read by opening it; any id not addressed to this member: 'Pesan tidak ditemukan'. */
export default function MemoView({ id }: { id: string }) {
  const [memo, setMemo] = useState<MemoDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Back to the list's page the memo was opened from (/pesan/7?page=2), read once mounted: the
  // server renders page 1's link.
  const [back, setBack] = useState('/pagememo');
  useEffect(() => {
    const from = readPage();
    if (from > 1) setBack(`/pagememo?page=${from}`);
  }, []);

  useEffect(() => {
    let live = true;
    openMemo(id)
      .then((m) => live && setMemo(m))
      .catch((err: unknown) => live && setError(problem(err).status === 404 || problem(err).status === 400 ? t.notFound : t.loadFailed));
    return () => {
      live = false;
    };
  }, [id]);

  return (
    <section className="card memo-view" aria-busy={!memo && !error}>
      {!memo && !error && <p>{t.loading}</p>}
      {error && <h1>{error}</h1>}
      {memo && (
        <article>
          <h1>{memo.subject}</h1>
          <p className="memo-meta">
            {formatDateShort(memo.createdAt)} {formatTime(memo.createdAt)}
          </p>
          <div className="memo-body">{memo.body}</div>
        </article>
      )}
      <p>
        <a href={back}>{t.back}</a>
      </p>
    </section>
  );
}
