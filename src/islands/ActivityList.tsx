import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { settingText } from '../lib/shared/messages/auth.ts';
import { formatDateShort, formatTime } from '../lib/shared/format.ts';
import type { ActivityPage } from '../lib/client/api.ts';
import { $activityVersion, loadActivity } from '../lib/client/account.ts';
import Pager from './ui/Pager.tsx';

/** Account activity (001 §2 settings): login and password changes with IP and time, 10 per page. */
export default function ActivityList() {
  const version = useStore($activityVersion, { ssr: 'initial' });
  const [page, setPage] = useState(1);
  const [data, setData] = useState<ActivityPage | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    loadActivity(page)
      .then((d) => live && (setData(d), setFailed(false)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [page, version]);

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <section className="card activity" aria-labelledby="activity-heading" aria-busy={!data && !failed}>
      <h2 id="activity-heading">{settingText.activityHeading}</h2>
      {!data && !failed && <p>{settingText.activityLoading}</p>}
      {failed && (
        <p className="form-error" role="alert">
          {settingText.activityFailed}
        </p>
      )}
      {data && data.items.length === 0 && <p>{settingText.activityEmpty}</p>}
      {data && data.items.length > 0 && (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{settingText.activityKind}</th>
                <th scope="col">{settingText.activityIp}</th>
                <th scope="col">{settingText.activityTime}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((item, i) => (
                <tr key={`${item.at}-${i}`}>
                  <td>{item.kind}</td>
                  <td className="ip">{item.ip}</td>
                  <td>
                    {formatDateShort(item.at)} <span className="time">{formatTime(item.at)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && pages > 1 && (
        <Pager
          label={settingText.activityHeading}
          page={page}
          pages={pages}
          previous={settingText.previous}
          next={settingText.next}
          position={settingText.page(page, pages)}
          onTurn={(step) => setPage((p) => p + step)}
        />
      )}
    </section>
  );
}
