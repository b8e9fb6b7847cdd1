// The league catalogue: one list, in display order, used by every league select and by the
// grouping order of match lists (leagues not listed here sort after it). Ids are apifootball.com's
// (the same numbering as allsportsapi), never api-sports ids such as 39 or 140. Only ids seen in
// apifootball.com or allsportsapi responses are listed; see ../shared/data/football/README.md.
// `embedded` names the openfootball competition that backs a league when no API key is set.

export interface CatalogueLeague {
  /** apifootball.com league_id. */
  id: number;
  /** Country (or region) as Indonesian readers know it. */
  country: string;
  name: string;
  /** openfootball competition code of the embedded dataset, when it has one. */
  embedded?: string;
}

export const LEAGUE_CATALOGUE: readonly CatalogueLeague[] = [
  { id: 152, country: 'Inggris', name: 'Premier League', embedded: 'en.1' },
  { id: 302, country: 'Spanyol', name: 'La Liga', embedded: 'es.1' },
  { id: 207, country: 'Italia', name: 'Serie A', embedded: 'it.1' },
  { id: 175, country: 'Jerman', name: 'Bundesliga', embedded: 'de.1' },
  { id: 168, country: 'Prancis', name: 'Ligue 1', embedded: 'fr.1' },
  { id: 3, country: 'Eropa', name: 'UEFA Champions League', embedded: 'uefa.cl' },
  { id: 4, country: 'Eropa', name: 'UEFA Europa League' },
  { id: 683, country: 'Eropa', name: 'UEFA Europa Conference League' },
  { id: 28, country: 'Dunia', name: 'Piala Dunia', embedded: 'worldcup' },
  { id: 1, country: 'Eropa', name: 'Piala Eropa' },
  { id: 633, country: 'Eropa', name: 'UEFA Nations League' },
  { id: 153, country: 'Inggris', name: 'Championship', embedded: 'en.2' },
  { id: 244, country: 'Belanda', name: 'Eredivisie', embedded: 'nl.1' },
  { id: 266, country: 'Portugal', name: 'Primeira Liga', embedded: 'pt.1' },
  { id: 301, country: 'Spanyol', name: 'Segunda División' },
  { id: 300, country: 'Spanyol', name: 'Copa del Rey' },
  { id: 383, country: 'Spanyol', name: 'Piala Super Spanyol' },
  { id: 63, country: 'Belgia', name: 'First Division A' },
  { id: 279, country: 'Skotlandia', name: 'Premiership' },
  { id: 322, country: 'Turki', name: 'Süper Lig' },
  { id: 344, country: 'Rusia', name: 'Premier League' },
  { id: 99, country: 'Brasil', name: 'Serie A' },
  { id: 44, country: 'Argentina', name: 'Liga Profesional' },
  { id: 235, country: 'Meksiko', name: 'Liga MX' },
  { id: 332, country: 'Amerika Serikat', name: 'MLS' },
  { id: 307, country: 'Swedia', name: 'Allsvenskan' },
  { id: 24, country: 'Eropa', name: 'Kualifikasi Piala Dunia UEFA' },
  { id: 27, country: 'Amerika Selatan', name: 'Kualifikasi Piala Dunia CONMEBOL' },
  { id: 22, country: 'Asia', name: 'Kualifikasi Piala Dunia AFC' },
  { id: 21, country: 'Afrika', name: 'Kualifikasi Piala Dunia CAF' },
  { id: 23, country: 'Amerika Utara', name: 'Kualifikasi Piala Dunia Concacaf' },
  { id: 26, country: 'Oseania', name: 'Kualifikasi Piala Dunia OFC' },
  { id: 19, country: 'Dunia', name: 'Piala Interkontinental FIFA' },
];

const POSITION = new Map(LEAGUE_CATALOGUE.map((l, i) => [l.id, i]));
const BY_ID = new Map(LEAGUE_CATALOGUE.map((l) => [l.id, l]));

/** Sort position of a league: its place in the catalogue; unlisted leagues after every listed one. */
export function cataloguePosition(leagueId: number): number {
  return POSITION.get(leagueId) ?? LEAGUE_CATALOGUE.length;
}

export function catalogueLeague(leagueId: number): CatalogueLeague | undefined {
  return BY_ID.get(leagueId);
}

/** "Inggris - Premier League": the label of league selects. */
export function leagueLabel(league: { country: string; name: string }): string {
  return league.country ? `${league.country} - ${league.name}` : league.name;
}
