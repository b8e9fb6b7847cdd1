// Football information: live score, standings, match pages, predictions. The spec's texts are
// kept verbatim ('Silahkan', 'Line-Ups belum Tersedia').
import type { MatchState, PlayoffRow, PointDeductionRow, TieBreak } from '../football/types.ts';

/** The way to /prediksi from the home and live score pages (the header keeps the spec's four links). */
const PREDICTIONS_LINK = 'Lihat prediksi pertandingan';

const LEVEL = 'poin. Tim yang poinnya sama diurutkan menurut';
const AGAIN = 'head-to-head; bila masih ada tim yang sama kuat, dihitung ulang khusus di antara tim-tim itu';

/**
 * The order of a computed table (standings.ts's rules), after 'diurutkan menurut'. What results
 * cannot decide (fair play, lots, play-offs not listed in table-decisions.ts) gives way to the
 * team's name, which the text says.
 */
const TABLE_ORDER: Record<TieBreak, string> = {
  goals: 'poin, selisih gol, jumlah gol yang dicetak, lalu nama tim.',
  laLiga: `${LEVEL} poin dan selisih gol dalam pertemuan di antara mereka (head-to-head, jika semua pertemuan itu sudah dimainkan), lalu selisih gol dan jumlah gol yang dicetak di semua pertandingan, kemudian nama tim.`,
  serieA: `${LEVEL} poin dan selisih gol dalam pertemuan di antara mereka (head-to-head), lalu selisih gol dan jumlah gol yang dicetak di semua pertandingan, kemudian nama tim.`,
  primeiraLigaAwayGoals: `${LEVEL} poin, selisih gol, dan gol tandang dalam pertemuan di antara mereka (head-to-head), lalu selisih gol, jumlah kemenangan, dan jumlah gol yang dicetak di semua pertandingan, kemudian nama tim.`,
  primeiraLiga: `${LEVEL} poin dan selisih gol dalam pertemuan di antara mereka (head-to-head), lalu selisih gol, jumlah kemenangan, dan jumlah gol yang dicetak di semua pertandingan, kemudian nama tim.`,
  uefaGroupsAwayGoals: `${LEVEL} poin, selisih gol, jumlah gol, dan gol tandang dalam pertemuan di antara mereka (${AGAIN}), lalu selisih gol dan jumlah gol yang dicetak di semua pertandingan grup, kemudian nama tim.`,
  uefaGroups: `${LEVEL} poin, selisih gol, dan jumlah gol dalam pertemuan di antara mereka (${AGAIN}), lalu selisih gol, jumlah gol yang dicetak, gol tandang, jumlah kemenangan, dan kemenangan tandang di semua pertandingan grup, kemudian nama tim.`,
  uefaLeague: `${LEVEL} selisih gol, jumlah gol yang dicetak, gol tandang, jumlah kemenangan, dan kemenangan tandang, lalu total poin, selisih gol, dan jumlah gol semua lawan yang dihadapi, kemudian nama tim.`,
  worldCup: `${LEVEL} selisih gol dan jumlah gol yang dicetak di semua pertandingan grup, lalu poin, selisih gol, dan jumlah gol dalam pertemuan di antara tim yang masih sama kuat (head-to-head), kemudian nama tim.`,
  pointsPerGame: `poin per pertandingan, karena musim ini dihentikan sebelum semua pertandingan dimainkan (keputusan resmi liga). Tim yang rata-rata poinnya sama diurutkan menurut poin dan selisih gol dalam pertemuan di antara mereka (head-to-head, jika semua pertemuan itu sudah dimainkan), lalu selisih gol dan jumlah gol yang dicetak, kemudian nama tim.`,
  worldCup2026: `${LEVEL} poin, selisih gol, dan jumlah gol dalam pertemuan di antara mereka (${AGAIN}), lalu selisih gol dan jumlah gol yang dicetak di semua pertandingan grup, kemudian nama tim.`,
};

export const standingsPage = {
  title: 'Klasemen',
  description: 'Klasemen liga sepak bola: Premier League, La Liga, Serie A, Bundesliga, Ligue 1 dan lainnya.',
  league: 'Liga',
  season: 'Musim',
  submit: 'Tampilkan',
  columns: { position: '#', team: 'Tim', played: 'P', goalsFor: 'GM', goalsAgainst: 'GK', goalDifference: 'SG', points: 'Poin' },
  columnTitles: {
    played: 'Main',
    goalsFor: 'Gol memasukkan',
    goalsAgainst: 'Gol kemasukan',
    goalDifference: 'Selisih gol',
    points: 'Poin',
  },
  /** The note under a table computed from results, by the rule it was ordered with. */
  computed: (rule: TieBreak, deductions: readonly PointDeductionRow[] = [], playoffs: readonly PlayoffRow[] = [], unmatched = false) =>
    `Klasemen dihitung dari hasil pertandingan dan diurutkan menurut ${TABLE_ORDER[rule]}` +
    playoffs.map((p) => ` ${p.winner.name} berada di atas ${p.loser.name} karena memenangi pertandingan play-off di antara keduanya.`).join('') +
    (deductions.length
      ? ` Poin sudah dikurangi sesuai keputusan resmi: ${deductions.map((d) => `${d.team.name} −${d.points}`).join(', ')}.`
      : '') +
    (unmatched ? ' Sebagian keputusan resmi musim ini (pengurangan poin atau play-off) belum diperhitungkan.' : ''),
  /** A season called off with no final table (`date` written out). */
  abandoned: (date: string) =>
    `Kompetisi musim ini dihentikan pada ${date} tanpa juara, promosi, atau degradasi; klasemen ini adalah posisi saat kompetisi dihentikan.`,
  empty: 'Klasemen belum tersedia untuk liga dan musim ini.',
  /**
   * Matches a computed table leaves out (NotCountedMatch): named while few, counted when many (Ligue 1
   * 2019-20, stopped in March 2020). `date` of each written out.
   */
  notCounted: (matches: readonly { home: string; away: string; date: string; cancelled: boolean }[]) =>
    matches.length <= 3
      ? `Tidak dihitung di klasemen: ${matches.map((x) => `${x.home} vs ${x.away} (${x.date}, ${x.cancelled ? 'dibatalkan' : 'dihentikan'})`).join('; ')}.`
      : `${matches.length} pertandingan yang dibatalkan atau dihentikan tidak dihitung di klasemen.`,
  /** Wins a computed table counts by an official ruling, not by the score (`date` written out). */
  awarded: (matches: readonly { winner: string; loser: string; date: string }[]) =>
    matches.length <= 3
      ? `Dihitung sebagai menang WO sesuai keputusan resmi: ${matches.map((x) => `${x.winner} atas ${x.loser} (${x.date})`).join('; ')}.`
      : `${matches.length} pertandingan dihitung sebagai menang WO sesuai keputusan resmi.`,
  seasonUnavailable: (asked: string, shown: string) => `Musim ${asked} tidak tersedia untuk liga ini; yang ditampilkan musim ${shown}.`,
  /** A league asked for (a link) without a table in the data; `asked` when the catalogue knows its name. */
  leagueUnavailable: (asked: string | undefined, shown: string) => `Klasemen ${asked ?? 'liga ini'} belum tersedia; yang ditampilkan klasemen ${shown}.`,
  /** How far a computed table's results go (StandingsResults), when fixtures have passed without one. */
  resultsUntil: (date: string, missing: number) =>
    `Hasil pertandingan tersedia hingga ${date}; ${missing} pertandingan yang sudah lewat belum memiliki hasil.`,
  noResults: (missing: number) => `Belum ada hasil pertandingan musim ini; ${missing} pertandingan sudah lewat tanpa hasil.`,
  /** The latest season in the data is over (StandingsResults.open is 0): its table is final, not the current one. */
  seasonOver: (season: string, lastDate: string) =>
    `Musim ${season} sudah selesai (pertandingan terakhir ${lastDate}); ini klasemen akhirnya. Data musim berikutnya belum tersedia.`,
  group: (name: string) => name.replace(/^Group /, 'Grup '),
  /** A table's caption (read, not shown: the heading above says it), with its group when it has one. */
  caption: (league: string, season: string, group?: string) => `Klasemen ${league} ${season}${group ? `, ${group}` : ''}`,
} as const;

export const liveScorePage = {
  title: 'LIVE SCORE',
  documentTitle: 'Live Score',
  description: 'Skor langsung dan jadwal pertandingan sepak bola hari ini dalam WIB.',
  live: 'LIVE',
  incoming: 'INCOMING',
  toggle: 'Pilih tampilan',
  empty: 'Tidak ada pertandingan live saat ini.',
  emptyIncoming: 'Belum ada jadwal pertandingan.',
  loading: 'Memuat pertandingan…',
  failed: 'Data tidak dapat dimuat. Silahkan coba lagi.',
  updated: (time: string) => `Diperbarui ${time}`,
  /** Said (not shown) when a refresh of the live list changed a score; the time makes each one new words. */
  scoresChanged: (time: string) => `Skor pertandingan live diperbarui, ${time}.`,
  predictionsLink: PREDICTIONS_LINK,
} as const;

export const matchPage = {
  /** The page's title and heading. */
  heading: (home: string, away: string) => `${home} vs ${away}`,
  description: (home: string, away: string) => `${home} vs ${away}: info pertandingan, statistik, susunan pemain, head-to-head, dan prediksi.`,
  tabs: { info: 'Info', summary: 'Summary', lineups: 'Line-Ups', h2h: 'H2H', prediction: 'Prediksi' },
  tabList: 'Detail pertandingan',
  info: {
    league: 'Liga',
    season: 'Musim',
    round: 'Tahap',
    date: 'Tanggal',
    time: 'Waktu',
    /** A stadium, or for the 2026 World Cup only its city (the data names no stadium there). */
    venue: 'Tempat',
    referee: 'Wasit',
    halftime: 'Babak pertama',
    fulltime: '90 menit',
    extraTime: 'Babak tambahan',
    penalties: 'Adu penalti',
    awarded: 'Dinyatakan menang (WO)',
  },
  statistics: 'Statistik',
  timeline: 'Jalannya pertandingan',
  noEvents: 'Data belum tersedia',
  ht: 'HT',
  ft: 'FT',
  goal: 'Gol',
  penaltyGoal: 'Penalti',
  ownGoal: 'Gol bunuh diri',
  card: { yellow: 'Kartu kuning', red: 'Kartu merah', yellow_red: 'Kartu kuning kedua' },
  substitution: 'Pergantian',
  lineups: { starting: 'Pemain Inti', substitutes: 'Pemain Cadangan', coaches: 'Pelatih', noData: 'Data tidak ada', unavailable: 'Line-Ups belum Tersedia' },
  h2h: { title: 'Head-To-Head Matches', empty: 'Belum pernah bertanding', last: 'Last Matches', noMatches: 'Data tidak ada' },
  prediction: {
    empty: 'Prediksi belum tersedia',
    oneXTwo: '1X2',
    doubleChance: 'Double Chance',
    overUnder: (line: string) => `Over/Under ${line}`,
    over: 'Over',
    under: 'Under',
  },
  notFound: 'Pertandingan tidak ditemukan.',
} as const;

export const predictionsPage = {
  title: 'Prediksi',
  description: 'Prediksi pertandingan sepak bola: peluang menang, seri, dan kalah dari model statistik atau penyedia data.',
  yesterday: 'Kemarin',
  today: 'Hari Ini',
  tomorrow: 'Besok',
  from: 'Dari',
  to: 'Hingga',
  league: 'Liga',
  allMatches: 'Semua Pertandingan',
  submit: 'Cari',
  chooseDate: 'Silahkan pilih tanggal',
  invalidDate: 'Tanggal tidak valid',
  rangeTooLong: (days: number) => `Rentang tanggal maksimal ${days} hari.`,
  empty: 'Prediksi belum tersedia, silahkan pilih pertandingan atau tanggal lainnya.',
  /** Under an empty list: the next day that has predictions (of the league chosen). */
  next: (date: string) => `Prediksi berikutnya: ${date}`,
  showMore: 'Tampilkan Lebih Banyak',
  more: 'Selengkapnya',
  columns: { match: 'Pertandingan', time: 'Waktu', status: 'Status', score: 'Skor', home: '1', draw: 'X', away: '2' },
  shown: (shown: number, total: number) => `Menampilkan ${shown} dari ${total} pertandingan`,
} as const;

export const popularMatches = {
  title: 'Pertandingan Populer',
  loginPrompt: 'Silahkan Daftar atau Login!',
  register: 'Daftar',
  login: 'Login',
  close: 'Tutup',
  previous: 'Sebelumnya',
  next: 'Berikutnya',
  empty: 'Belum ada jadwal pertandingan.',
  predictionsLink: PREDICTIONS_LINK,
} as const;

/** A fixture whose date is known but not its kick-off time (the source has not fixed it yet). */
export const kickoffUnknown = 'Jam menyusul';
/**
 * Beside a fixture still to come without a time: its date is the one the league's schedule gives.
 * In the open data that is the day in England (all its untimed fixtures are English), and an
 * evening kick-off there is the next morning in WIB; until that day ends there the fixture is
 * still to come, even after midnight WIB. apifootball.com gives its dates in WIB already, where the
 * note's 'bisa' still holds.
 */
export const untimedDateNote =
  'Jam menyusul: jam kick-off belum diumumkan. Tanggalnya menurut jadwal liga; dalam WIB, laga malam hari bisa jatuh pada hari berikutnya.';
/** Under a shoot-out score the open data had wrong (level), taken from match reports instead. */
export const shootoutFromReports = 'Skor adu penalti ini dari laporan pertandingan: data terbuka mencatat skor imbang, yang tidak mungkin dalam adu penalti.';
/** An untimed match that is live, played, abandoned or cancelled, or whose day passed without a result: no time will follow. */
export const kickoffNotRecorded = 'Jam tidak tercatat';

/** What a match row says in place of a score or a minute. */
export const matchState: Record<MatchState, string> = {
  upcoming: 'Belum mulai',
  live: 'Live',
  finished: 'Selesai',
  no_result: 'Hasil belum tersedia',
  postponed: 'Ditunda',
  cancelled: 'Dibatalkan',
  abandoned: 'Dihentikan',
};

export const matchStatusShort = {
  finished: 'FT',
  awarded: 'WO',
  afterExtraTime: 'AET',
  afterPenalties: 'Pen',
  halftime: 'HT',
} as const;

/** The phases after 90 minutes that apifootball.com names in English instead of giving a minute. */
export const livePhase = {
  break: 'Jeda',
  extraTime: 'Babak Tambahan',
  penalties: 'Adu Penalti',
} as const;

export const statisticLabels: Record<string, string> = {
  'Shots Total': 'Total Tembakan',
  'Shots On Goal': 'Tembakan ke Gawang',
  'Shots Off Goal': 'Tembakan Melenceng',
  'Shots Blocked': 'Tembakan Diblok',
  'Shots Inside Box': 'Tembakan dari Dalam Kotak Penalti',
  'Shots Outside Box': 'Tembakan dari Luar Kotak Penalti',
  'On Target': 'Tepat Sasaran',
  'Off Target': 'Tidak Tepat Sasaran',
  Fouls: 'Pelanggaran',
  Corners: 'Tendangan Sudut',
  Offsides: 'Offside',
  'Ball Possession': 'Penguasaan Bola',
  'Yellow Cards': 'Kartu Kuning',
  'Red Cards': 'Kartu Merah',
  Saves: 'Penyelamatan',
  'Goalkeeper Saves': 'Penyelamatan Kiper',
  'Passes Total': 'Total Umpan',
  'Passes Accurate': 'Umpan Akurat',
  Attacks: 'Serangan',
  'Dangerous Attacks': 'Serangan Berbahaya',
  'Throw In': 'Lemparan ke Dalam',
  'Free Kick': 'Tendangan Bebas',
  'Goal Kick': 'Tendangan Gawang',
  Penalty: 'Penalti',
  Substitution: 'Pergantian Pemain',
};

export const footballApi = {
  invalidLeague: 'Liga tidak valid.',
  invalidSeason: 'Musim tidak valid.',
  invalidMatchId: 'ID pertandingan tidak valid.',
  invalidView: 'Tampilan tidak valid.',
  dateWithoutDateView: 'Tanggal hanya dipakai dengan view=date.',
  invalidPage: 'Halaman tidak valid.',
  matchNotFound: 'Pertandingan tidak ditemukan.',
  standingsNotFound: 'Klasemen belum tersedia untuk liga dan musim ini.',
} as const;
