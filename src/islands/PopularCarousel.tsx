// The home page's popular-match carousel (swiper): advances every 3 s with a 0.5 s transition and
// loops. A visitor's click asks them to register or log in; a member's opens the match page.
import { useEffect, useRef } from 'react';
import Swiper from 'swiper';
import { A11y, Autoplay } from 'swiper/modules';
import 'swiper/css';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_TRANSITION_MS } from '../lib/shared/constants.ts';
import { formatDateShort } from '../lib/shared/format.ts';
import { badgeOf, DEFAULT_TEAM_IMAGE, kickoffTime } from '../lib/shared/football/present.ts';
import { popularMatches as t } from '../lib/shared/messages/football.ts';

export interface PopularSlide {
  id: number;
  league: string;
  kickoffAt: string;
  timeKnown: boolean;
  home: { name: string; badge: string };
  away: { name: string; badge: string };
}

interface Props {
  slides: PopularSlide[];
  member: boolean;
}

function Team({ team }: { team: PopularSlide['home'] }) {
  return (
    <span className="fb-pop-team">
      <img className="fb-badge" src={badgeOf(team)} data-fallback={DEFAULT_TEAM_IMAGE} alt="" width={40} height={40} loading="lazy" />
      <span>{team.name}</span>
    </span>
  );
}

function Card({ s }: { s: PopularSlide }) {
  return (
    <>
      <span className="fb-pop-league">{s.league}</span>
      <span className="fb-pop-teams">
        <Team team={s.home} />
        <span className="fb-pop-vs">VS</span>
        <Team team={s.away} />
      </span>
      <span className="fb-pop-when">
        {formatDateShort(s.kickoffAt)} · {kickoffTime(s)}
      </span>
    </>
  );
}

export default function PopularCarousel({ slides, member }: Props) {
  const root = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (!root.current || slides.length < 2) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const swiper = new Swiper(root.current, {
      modules: [Autoplay, A11y],
      loop: true,
      speed: CAROUSEL_TRANSITION_MS,
      autoplay: reduced ? false : { delay: CAROUSEL_INTERVAL_MS, disableOnInteraction: false, pauseOnMouseEnter: true },
      slidesPerView: 1,
      spaceBetween: 12,
      breakpoints: { 640: { slidesPerView: 2 }, 960: { slidesPerView: 3 } },
      a11y: { prevSlideMessage: t.previous, nextSlideMessage: t.next },
    });
    return () => {
      swiper.destroy(true, true);
    };
  }, [slides.length]);

  return (
    <>
      <div className="swiper fb-pop" ref={root} data-interval={CAROUSEL_INTERVAL_MS} data-speed={CAROUSEL_TRANSITION_MS}>
        <div className="swiper-wrapper">
          {slides.map((s) => (
            <div className="swiper-slide" key={s.id}>
              {member ? (
                <a className="fb-pop-card" href={`/match/${s.id}`}>
                  <Card s={s} />
                </a>
              ) : (
                <button type="button" className="fb-pop-card" onClick={() => dialog.current?.showModal()}>
                  <Card s={s} />
                </button>
              )}
            </div>
          ))}
        </div>
      </div>
      {!member && (
        <dialog ref={dialog} className="fb-dialog" aria-labelledby="fb-login-prompt">
          <p id="fb-login-prompt">{t.loginPrompt}</p>
          <div className="actions">
            <a className="btn" href="/register">{t.register}</a>
            <a className="btn ghost" href="/login">{t.login}</a>
            <button type="button" className="btn ghost" onClick={() => dialog.current?.close()}>
              {t.close}
            </button>
          </div>
        </dialog>
      )}
    </>
  );
}
