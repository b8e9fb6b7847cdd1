// Product constants from the specification (000 §9, 001 §9). Durations in milliseconds.

export const CACHE_TTL_MS = {
  /** General content (logo, site name, banners): 1 hour. */
  content: 3_600_000,
  /** Meta tags and site settings: 30 minutes. */
  settings: 1_800_000,
  /** Alternative links: 1 hour. */
  altLinks: 3_600_000,
  /** Popular matches: 1 hour. */
  popularMatches: 3_600_000,
  /** League list: 24 hours. */
  leagues: 86_400_000,
} as const;

export const MIN_AGE = 18;
export const TIMEZONE = 'Asia/Jakarta';
/** Jakarta has had no daylight saving since 1964: WIB is always UTC+7. */
export const WIB_OFFSET_MINUTES = 7 * 60;
export const DEFAULT_LEAGUE_ID = 152;
/** A team's "Last Matches" reach this many months back (000 §9 team match window). */
export const TEAM_MATCH_WINDOW_MONTHS = 6;

export const CAROUSEL_INTERVAL_MS = 3_000;
export const CAROUSEL_TRANSITION_MS = 500;
export const LIVE_CHAT_MIN_WIDTH_PX = 425;
/** How long the live chat script may take to load before the visitor is told it is unavailable. */
export const LIVE_CHAT_LOAD_TIMEOUT_MS = 10_000;

// Content (000 §2, §3, §9; 001 §2).
/** Promotions sit in numbered slots 1–6, one promotion per slot. */
export const PROMO_SLOTS = 6;
/** Collapsed promotion: the description is cut to 70 characters and the title to 20. */
export const PROMO_SUMMARY_CHARS = 70;
export const PROMO_TITLE_CHARS = 20;

export const STORAGE_KEYS = {
  cookieConsent: 'cookieConsent',
  /** Session items (000 §3): the access token, and the refresh token (or, in webview mode, the app token). */
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  /** The spec's key for the app token. Gelora keeps the app token under refreshToken, so it only removes this one, in case an older client wrote it. */
  apkToken: 'apkToken',
  /** Device tokens by username (Gelora's own, not the spec's): kept past logout, sent with the next login. */
  deviceTokens: 'deviceTokens',
  /** sessionStorage: the history log was written in this browser session. */
  historyLog: 'historyLog',
  /** Gelora's own: the login page of the stored session ('/login', or '/webview' for the app's), to sign in there again once it ends. */
  loginPage: 'loginPage',
  /** sessionStorage (Gelora's own): the session ended without the member signing out; the login page says so once. */
  sessionEnded: 'sessionEnded',
  /** Gelora's own: set (to the login page) when a refresh was refused, so every open tab leaves for that page, not for /. */
  sessionEndedTo: 'sessionEndedTo',
} as const;

/** On <html> at /referral/{code} when the code is another member's (src/lib/build/inline-scripts.ts). */
export const REFERRAL_FOREIGN_CLASS = 'referral-foreign';

/** The global through which the inline SHELL_TAPS (inline-scripts.ts) hands held taps to member-shell.ts. */
export const SHELL_TAPS_GLOBAL = 'geloraShellTaps';

// Accounts (000 §5, §9; 001 §4, §9). Field limits are the registration form's.
export const USERNAME_LENGTH = { min: 6, max: 12 } as const;
export const PASSWORD_LENGTH = { min: 6, max: 12 } as const;
export const PHONE_LENGTH = { min: 9, max: 15 } as const;
export const EMAIL_MAX_LENGTH = 50;
export const REFERRAL_MAX_LENGTH = 12;
/**
 * The maxlength of a field the user types or pastes into: twice the rule's maximum. The browser
 * cuts a longer paste without a word, so a maxlength at the maximum itself would turn a 16-character
 * password into a valid 12-character one the user never typed (and cannot sign in with); at twice
 * it, a value too long stays too long and gets the rule's own message ('Kata Sandi maksimal 12 digit').
 */
export const inputMaxLength = (max: number) => max * 2;
/** Access tokens (JWT) live 15 minutes; refresh tokens rotate on every use. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** The client refreshes its tokens 3 s after load, then every 7,200,000 ms (001 §9). */
export const TOKEN_FIRST_REFRESH_MS = 3_000;
export const TOKEN_REFRESH_INTERVAL_MS = 7_200_000;
export const ACTIVITY_PAGE_SIZE = 10;
/** Memo list page size and the top bar's unread-count refetch (001 §6, §9). */
export const MEMO_PAGE_SIZE = 20;
export const MEMO_REFETCH_MS = 30 * 60_000;
